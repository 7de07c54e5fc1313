// Types only: the contract between the /profile route and its page.
import type { SPOTLIGHT_SOURCES } from '../analytics/enums';
import type { ProfileSummary } from '../seeker/page-props';
import type { ProfileSectionsView } from '../seeker/profile-sections';
import type { SpotlightAnswerView } from './contracts';

export type SpotlightSource = (typeof SPOTLIGHT_SOURCES)[number];

export interface ProfilePageProps {
  email: string;
  profile: ProfileSummary;
  answers: SpotlightAnswerView[];
  /** ?openCandidateSpotlight=true: the spotlight opens at once. */
  openSpotlight: boolean;
  /** Which entry point brought the person here (observations name it). */
  source: SpotlightSource;
  /** The job the person just applied to, when the post-apply prompt brought them. */
  listingKey: string | null;
  /** Work history, education, skills, licences, links (decision 0236), read only; edited on /candidate/about. */
  sections?: ProfileSectionsView;
}
