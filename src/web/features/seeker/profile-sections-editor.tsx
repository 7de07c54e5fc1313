import {
  LINK_KINDS,
  LINK_LABELS,
  PROFILE_SECTION_KINDS,
  PROFILE_SECTION_LABELS,
  PROFILE_SECTION_LIMITS,
  profileSectionDeletePath,
  profileSectionPath,
  type ProfileSectionKind,
  type ProfileSectionsEditProps,
  type SectionFormValues,
} from '../../../shared/seeker/profile-sections';
import { Button } from '../../ui/button';
import { CheckboxField, SelectField } from '../../ui/choice-inputs';

interface FieldSpec {
  name: string;
  label: string;
  type?: 'text' | 'month' | 'url' | 'checkbox' | 'textarea' | 'link-kind';
  maxLength?: number;
  hint?: string;
  inputMode?: 'numeric';
}

const FIELDS: Record<ProfileSectionKind, FieldSpec[]> = {
  work: [
    { name: 'title', label: 'Job title', maxLength: 100 },
    { name: 'employer', label: 'Employer', maxLength: 100, hint: 'Employers you apply to see it; the résumé database never does.' },
    { name: 'start_month', label: 'Started', type: 'month', hint: 'Month and year, for example 2021-03.' },
    { name: 'end_month', label: 'Left', type: 'month', hint: 'Leave empty if you work here now.' },
    { name: 'current', label: 'I work here now', type: 'checkbox' },
    { name: 'description', label: 'What you did (optional)', type: 'textarea', maxLength: 500 },
  ],
  education: [
    { name: 'qualification', label: 'Qualification', maxLength: 120, hint: 'For example: High school diploma, CDL training, BSc Nursing.' },
    { name: 'school', label: 'School', maxLength: 120 },
    { name: 'start_year', label: 'From (year, optional)', maxLength: 4, inputMode: 'numeric' },
    { name: 'end_year', label: 'To (year, optional)', maxLength: 4, inputMode: 'numeric' },
  ],
  skills: [{ name: 'name', label: 'Skill', maxLength: 50, hint: 'One skill, for example: Forklift, Excel, Spanish.' }],
  licences: [
    { name: 'name', label: 'Licence or certification', maxLength: 120 },
    { name: 'issuer', label: 'Issued by (optional)', maxLength: 120 },
    { name: 'expires_month', label: 'Valid until (optional)', type: 'month' },
  ],
  links: [
    { name: 'kind', label: 'Kind of link', type: 'link-kind' },
    { name: 'url', label: 'Address', type: 'url', maxLength: 300, hint: 'Starting with https://. Only employers you apply to see links.' },
  ],
};

const LINK_OPTIONS = LINK_KINDS.map((kind) => ({ value: kind, label: LINK_LABELS[kind] }));

function Field({ spec, prefix, values, error }: { spec: FieldSpec; prefix: string; values: SectionFormValues; error: string | undefined }) {
  const id = `${prefix}-${spec.name}`;
  const describedBy = [spec.hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const common = { id, name: spec.name, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy } as const;
  const hint = spec.hint ? (
    <p className="field-hint" id={`${id}-hint`}>
      {spec.hint}
    </p>
  ) : null;
  const errorLine = error ? (
    <p className="field-error" id={`${id}-error`}>
      {error}
    </p>
  ) : null;
  if (spec.type === 'checkbox') {
    return <CheckboxField name={spec.name} label={spec.label} defaultChecked={values[spec.name] === 'on'} error={error} />;
  }
  if (spec.type === 'link-kind') {
    return <SelectField name={spec.name} label={spec.label} options={LINK_OPTIONS} defaultValue={values[spec.name] || 'linkedin'} error={error} />;
  }
  return (
    <div>
      <label htmlFor={id}>{spec.label}</label>
      {spec.type === 'textarea' ? (
        <textarea {...common} defaultValue={values[spec.name] ?? ''} maxLength={spec.maxLength} />
      ) : (
        <input
          {...common}
          type={spec.type ?? 'text'}
          defaultValue={values[spec.name] ?? ''}
          maxLength={spec.maxLength}
          inputMode={spec.inputMode}
          placeholder={spec.type === 'month' ? 'YYYY-MM' : undefined}
          autoComplete="off"
        />
      )}
      {hint}
      {errorLine}
    </div>
  );
}

function EntryForm({ kind, id, values, errors, legend }: { kind: ProfileSectionKind; id: string | null; values: SectionFormValues; errors: Record<string, string>; legend: string }) {
  const prefix = `${kind}-${id ?? 'new'}`;
  return (
    <form method="post" action={profileSectionPath(kind, id ?? undefined)} className="seeker-form section-entry" noValidate>
      <fieldset className="section-entry__row">
        <legend>{legend}</legend>
        {errors.form ? (
          <p className="field-error" role="alert">
            {errors.form}
          </p>
        ) : null}
        {FIELDS[kind].map((spec) => (
          <Field key={spec.name} spec={spec} prefix={prefix} values={values} error={errors[spec.name]} />
        ))}
      </fieldset>
      <div className="section-entry__actions">
        <Button type="submit">{id ? 'Save' : `Add ${PROFILE_SECTION_LABELS[kind].one}`}</Button>
        {id ? (
          <Button type="submit" variant="secondary" formAction={profileSectionDeletePath(kind, id)}>
            Remove
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** One section a kind: each entry its own plain form (Save, Remove), then a form to add one. No JavaScript needed. */
export function ProfileSectionsEditor({ sections }: { sections: ProfileSectionsEditProps }) {
  const { form } = sections;
  return (
    <div className="section-editor">
      <h2>Your experience</h2>
      <p className="field-hint">Employers you apply to see these sections as they are now.</p>
      {sections.notice ? (
        <p className="seeker-notice" role="status">
          {sections.notice}
        </p>
      ) : null}
      {PROFILE_SECTION_KINDS.map((kind) => {
        const entries = sections.entries[kind];
        const full = entries.length >= PROFILE_SECTION_LIMITS[kind];
        const formFor = (id: string | null) => (form && form.kind === kind && form.id === id ? form : null);
        const adding = formFor(null);
        return (
          <section key={kind} id={`section-${kind}`} aria-labelledby={`section-${kind}-heading`}>
            <h3 id={`section-${kind}-heading`}>
              {PROFILE_SECTION_LABELS[kind].heading} <span className="field-hint">({entries.length} of {PROFILE_SECTION_LIMITS[kind]})</span>
            </h3>
            {entries.map((entry, index) => {
              const sent = formFor(entry.id);
              return (
                <EntryForm
                  key={entry.id}
                  kind={kind}
                  id={entry.id}
                  values={sent?.values ?? entry.values}
                  errors={sent?.errors ?? {}}
                  legend={`${PROFILE_SECTION_LABELS[kind].heading} ${index + 1}: ${entry.values.title ?? entry.values.qualification ?? entry.values.name ?? LINK_LABELS[entry.values.kind as (typeof LINK_KINDS)[number]] ?? ''}`}
                />
              );
            })}
            {full && !adding ? (
              <p className="field-hint">You have listed the most there can be here. Remove one to add another.</p>
            ) : (
              <EntryForm kind={kind} id={null} values={adding?.values ?? {}} errors={adding?.errors ?? {}} legend={`Add a ${PROFILE_SECTION_LABELS[kind].one}`} />
            )}
          </section>
        );
      })}
    </div>
  );
}
