export interface ContentPageProps {
  title: string;
  html: string;
}

export default function ContentPage({ props }: { props: ContentPageProps }) {
  return (
    <article className="content-page">
      <h1>{props.title}</h1>
      <div dangerouslySetInnerHTML={{ __html: props.html }} />
    </article>
  );
}
