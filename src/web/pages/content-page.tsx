import '../styles/content.css';

import type { ContentPageProps } from '../../shared/page-props';

export default function ContentPage({ props }: { props: ContentPageProps }) {
  return (
    <article className="content-page">
      <h1>{props.title}</h1>
      <div className="prose" dangerouslySetInnerHTML={{ __html: props.html }} />
    </article>
  );
}
