export interface JobseekerHomePageProps {
  email: string;
}

/** Suggested Jobs: the signed-in job seeker's home. Suggestions arrive with the job-matching work. */
export default function JobseekerHomePage({ props }: { props: JobseekerHomePageProps }) {
  return (
    <section className="content-page" aria-labelledby="suggested-jobs-heading">
      <h1 id="suggested-jobs-heading">Suggested Jobs</h1>
      <p>
        You&apos;re logged in as <strong>{props.email}</strong>.
      </p>
      <p>We don&apos;t have job suggestions for you yet. When jobs that match you are posted, they will be listed here.</p>
      <p>
        <a href="/">Search jobs on the Jobwise home page</a>
      </p>
      <form method="post" action="/logout">
        <button type="submit" className="button button-outline">
          Log out
        </button>
      </form>
    </section>
  );
}
