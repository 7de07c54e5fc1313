import { SEEKER_PATHS } from '../../shared/seeker/constants';
import type { ProfilePageProps } from '../../shared/spotlight/page-props';
import { SeekerNav } from '../features/seeker/seeker-nav';
import { SpotlightSection } from '../features/spotlight/spotlight-section';
import { ProfileSectionsReadout } from '../features/seeker/profile-sections-view';
import { EMPTY_SECTIONS_VIEW } from '../../shared/seeker/profile-sections';
import { REFERENCE_PATHS } from '../../shared/references/paths';
import { LinkButton } from '../ui/button';
import { Card } from '../ui/card';
import '../features/seeker/seeker.css';

/** The job seeker's profile: who they are, their résumé, and the candidate spotlight. */
export default function ProfilePage({ props }: { props: ProfilePageProps }) {
  const { profile } = props;
  return (
    <section className="seeker-page" aria-labelledby="profile-heading">
      <h1 id="profile-heading">Your profile</h1>
      <SeekerNav current="/profile" />
      <Card className="profile-card">
        <div className="profile-card__who">
          <h2 className="profile-card__name">{profile.fullName ?? props.email}</h2>
          {profile.headline ? <p className="profile-card__headline">{profile.headline}</p> : null}
          {profile.location ? <p className="profile-card__place">{profile.location}</p> : null}
          {!profile.fullName ? <p className="field-hint">Add your name, phone and location so employers know who you are.</p> : null}
          <LinkButton variant="secondary" href={SEEKER_PATHS.about}>
            Edit profile
          </LinkButton>
        </div>
        <div className="profile-card__resume">
          <h2>Résumé</h2>
          {profile.resume ? (
            <p>
              {profile.resume.fileName} <span className="field-hint">(uploaded {profile.resume.uploaded})</span>
            </p>
          ) : (
            <p>No résumé yet.</p>
          )}
          <LinkButton variant="secondary" href={SEEKER_PATHS.resume}>
            {profile.resume ? 'Replace résumé' : 'Upload résumé'}
          </LinkButton>
        </div>
      </Card>
      <Card className="profile-card profile-card--sections">
        <ProfileSectionsReadout sections={props.sections ?? EMPTY_SECTIONS_VIEW} emptyText="Add your work history, education, skills, licences and links so employers can read more than a name." />
        <LinkButton variant="secondary" href={`${SEEKER_PATHS.about}#section-work`}>
          Edit experience and skills
        </LinkButton>
      </Card>
      <Card className="profile-card">
        <div>
          <h2>References</h2>
          <p>Ask up to 5 people who know your work; you choose which references employers see.</p>
          <LinkButton variant="secondary" href={REFERENCE_PATHS.references}>
            References
          </LinkButton>
        </div>
      </Card>
      <SpotlightSection answers={props.answers} openAtOnce={props.openSpotlight} arrival={{ source: props.source, listingKey: props.listingKey }} />
    </section>
  );
}
