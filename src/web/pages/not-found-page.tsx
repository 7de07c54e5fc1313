import '../styles/content.css';

export default function NotFoundPage() {
  return (
    <section className="content-page">
      <h1>Page not found</h1>
      <p>We could not find that page. It may have moved, or the address may have a typo.</p>
      <ul>
        <li>
          <a href="/">Go to the Jobwise home page</a>
        </li>
        <li>
          <a href="/Search-Jobs-Near-Me">Search jobs near you</a>
        </li>
        <li>
          <a href="/contact">Contact us</a>
        </li>
      </ul>
    </section>
  );
}
