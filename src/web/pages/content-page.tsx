import '../styles/content.css';

export interface ContentPageProps {
  title: string;
  /** Rendered from our own markdown files at start-up: trusted markup. */
  html: string;
}

export default function ContentPage({ props }: { props: ContentPageProps }) {
  return (
    <article className="content-page">
      <h1>{props.title}</h1>
      <div className="prose" dangerouslySetInnerHTML={{ __html: props.html }} />
    </article>
  );
}
