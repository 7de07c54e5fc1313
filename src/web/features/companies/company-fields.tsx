import { COMPANY_LIMITS, INDUSTRIES, SIZE_BANDS, SIZE_BAND_LABELS } from '../../../shared/companies/constants';
import type { CompanyFormErrors, CompanyFormValues } from '../../../shared/companies/page-props';
import { SelectField } from '../../ui/choice-inputs';

type FieldName = keyof CompanyFormValues;

const SIZE_OPTIONS = [{ value: '', label: 'Choose a size' }, ...SIZE_BANDS.map((band) => ({ value: band, label: SIZE_BAND_LABELS[band] }))];
const INDUSTRY_OPTIONS = [{ value: '', label: 'Choose an industry' }, ...INDUSTRIES.map((industry) => ({ value: industry, label: industry }))];

function describedBy(name: FieldName, hint: boolean, error: string | undefined): string | undefined {
  return [hint ? `${name}-hint` : null, error ? `${name}-error` : null].filter(Boolean).join(' ') || undefined;
}

function FieldMessages({ name, hint, error }: { name: FieldName; hint?: string; error?: string }) {
  return (
    <>
      {hint ? (
        <p className="field-hint" id={`${name}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${name}-error`}>
          {error}
        </p>
      ) : null}
    </>
  );
}

/** The company profile's fields, as typed, each with its own message (create and edit share them). */
export function CompanyFields({ values, errors }: { values: CompanyFormValues; errors: CompanyFormErrors }) {
  return (
    <>
      <div>
        <label htmlFor="name">Company name</label>
        <input
          id="name"
          name="name"
          type="text"
          autoComplete="organization"
          required
          maxLength={COMPANY_LIMITS.nameMax + 20}
          defaultValue={values.name}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={describedBy('name', false, errors.name)}
        />
        <FieldMessages name="name" error={errors.name} />
      </div>
      <div>
        <label htmlFor="website">Website (optional)</label>
        <input
          id="website"
          name="website"
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://"
          defaultValue={values.website}
          aria-invalid={errors.website ? true : undefined}
          aria-describedby={describedBy('website', true, errors.website)}
        />
        <FieldMessages name="website" hint="For example: https://www.yourcompany.com" error={errors.website} />
      </div>
      <SelectField id="size_band" name="size_band" label="Company size" required defaultValue={values.size_band} options={SIZE_OPTIONS} error={errors.size_band} />
      <SelectField id="industry" name="industry" label="Industry" required defaultValue={values.industry} options={INDUSTRY_OPTIONS} error={errors.industry} />
      <div>
        <label htmlFor="description">About the company (optional)</label>
        <textarea
          id="description"
          name="description"
          rows={6}
          defaultValue={values.description}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={describedBy('description', true, errors.description)}
        />
        <FieldMessages name="description" hint="What you do and what it is like to work with you. Up to 5,000 characters." error={errors.description} />
      </div>
    </>
  );
}

/** "Please correct the 2 fields marked below." */
export function FormErrorSummary({ errors }: { errors: CompanyFormErrors }) {
  const count = Object.keys(errors).length;
  if (!count) return null;
  return (
    <p className="employer-notice is-error" role="alert">
      Please correct {count === 1 ? 'the field' : `the ${count} fields`} marked below.
    </p>
  );
}
