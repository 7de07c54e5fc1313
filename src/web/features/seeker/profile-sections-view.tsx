import { PROFILE_SECTION_LABELS, isEmptySectionsView, type ProfileSectionsView } from '../../../shared/seeker/profile-sections';

/**
 * Work history, education, skills, licences and links, read only: the seeker's own profile, the
 * employer's application page, the résumé database's profile (which gets no employer, school, issuer,
 * description or link, decision 0236). Headings start at the level the page gives.
 */
export function ProfileSectionsReadout({ sections, level = 2, emptyText }: { sections: ProfileSectionsView; level?: 2 | 3; emptyText?: string }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  if (isEmptySectionsView(sections)) return emptyText ? <p className="field-hint">{emptyText}</p> : null;
  return (
    <div className="profile-sections">
      {sections.work.length ? (
        <section aria-label={PROFILE_SECTION_LABELS.work.heading}>
          <Heading>{PROFILE_SECTION_LABELS.work.heading}</Heading>
          <ul className="profile-sections__list">
            {sections.work.map((entry, index) => (
              <li key={index}>
                <strong>{entry.title}</strong>
                {entry.employer ? <> · {entry.employer}</> : null}
                <span className="profile-sections__dates"> · {entry.dates}</span>
                {entry.description ? <p className="profile-sections__text">{entry.description}</p> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {sections.education.length ? (
        <section aria-label={PROFILE_SECTION_LABELS.education.heading}>
          <Heading>{PROFILE_SECTION_LABELS.education.heading}</Heading>
          <ul className="profile-sections__list">
            {sections.education.map((entry, index) => (
              <li key={index}>
                <strong>{entry.qualification}</strong>
                {entry.school ? <> · {entry.school}</> : null}
                {entry.years ? <span className="profile-sections__dates"> · {entry.years}</span> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {sections.skills.length ? (
        <section aria-label={PROFILE_SECTION_LABELS.skills.heading}>
          <Heading>{PROFILE_SECTION_LABELS.skills.heading}</Heading>
          <ul className="profile-sections__skills">
            {sections.skills.map((skill) => (
              <li key={skill}>{skill}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {sections.licences.length ? (
        <section aria-label={PROFILE_SECTION_LABELS.licences.heading}>
          <Heading>{PROFILE_SECTION_LABELS.licences.heading}</Heading>
          <ul className="profile-sections__list">
            {sections.licences.map((entry, index) => (
              <li key={index}>
                <strong>{entry.name}</strong>
                {entry.issuer ? <> · {entry.issuer}</> : null}
                {entry.expires ? <span className="profile-sections__dates"> · valid until {entry.expires}</span> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {sections.links.length ? (
        <section aria-label={PROFILE_SECTION_LABELS.links.heading}>
          <Heading>{PROFILE_SECTION_LABELS.links.heading}</Heading>
          <ul className="profile-sections__list">
            {sections.links.map((link) => (
              <li key={link.url}>
                {/* https only (the schema); the person's own page, so no referrer and no opener. */}
                <a href={link.url} rel="noopener noreferrer nofollow ugc" target="_blank">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
