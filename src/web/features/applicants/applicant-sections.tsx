import { isEmptySectionsView, type ProfileSectionsView } from '../../../shared/seeker/profile-sections';
import { ProfileSectionsReadout } from '../seeker/profile-sections-view';
import { Card } from '../../ui/card';

/** The applicant's work history, education, skills, licences and links, as their profile has them now (decision 0236). */
export function ApplicantSections({ sections }: { sections: ProfileSectionsView | undefined }) {
  if (!sections || isEmptySectionsView(sections)) return null;
  return (
    <Card as="section" className="applicant-section" aria-labelledby="experience-heading">
      <h2 id="experience-heading">Experience and skills</h2>
      <ProfileSectionsReadout sections={sections} level={3} />
    </Card>
  );
}
