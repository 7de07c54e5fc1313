export default function NotFoundPage() {
  return (
    <section className="content-page">
      <h1>Page not found</h1>
      <p>
        We could not find that page. <a href="/">Go to the Jobwise home page</a>.
      </p>
    </section>
  );
}
