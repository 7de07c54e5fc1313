import type { BrowseLink, BrowsePageProps } from '../../shared/jobs/page-props';
import '../features/job-pages/jobs.css';

function LinkSection({ id, title, links }: { id: string; title: string; links: BrowseLink[] }) {
  if (!links.length) return null;
  return (
    <section aria-labelledby={id} className="browse-section">
      <h2 id={id}>{title}</h2>
      <ul className="browse-grid">
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href}>{link.label}</a> <span className="count">({link.count})</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function BrowsePage({ props }: { props: BrowsePageProps }) {
  return (
    <div className="jobs-page">
      <h1>Browse jobs</h1>
      <p>Open jobs by category, city, job title and state. The number after each link is how many jobs are open there now.</p>
      <LinkSection id="browse-categories" title="Categories" links={props.categories} />
      <LinkSection id="browse-cities" title="Top cities" links={props.cities} />
      <LinkSection id="browse-titles" title="Popular job titles" links={props.titles} />
      <LinkSection id="browse-states" title="States" links={props.states} />
    </div>
  );
}
