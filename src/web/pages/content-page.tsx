import { useEffect } from 'react';
import { logPageView } from '../features/analytics/event-logger';
import { useShell } from '../shell/shell-context';
import '../styles/content.css';

export interface ContentPageProps {
  title: string;
  /** Rendered from our own markdown files at start-up: trusted markup. */
  html: string;
}

export default function ContentPage({ props }: { props: ContentPageProps }) {
  const { pageType } = useShell();
  useEffect(() => logPageView(pageType), [pageType]);
  return (
    <article className="content-page">
      <h1>{props.title}</h1>
      <div className="prose" dangerouslySetInnerHTML={{ __html: props.html }} />
    </article>
  );
}
