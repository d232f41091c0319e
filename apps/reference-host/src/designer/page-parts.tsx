import { type ReactNode, useState } from 'react';
import type { LoadResult } from '../processes/useLoad';
import { useHostTexts } from '../texts';

/** A designer page that shows only its title and why (no right, a bad address, loading, an error). */
export function DesignerNotice({
  title,
  kind,
  text,
}: {
  title: string;
  kind: 'note' | 'alert' | 'loading';
  text: string;
}) {
  return (
    <>
      <h1>{title}</h1>
      {kind === 'loading' ? <p aria-live="polite">{text}</p> : <p role={kind}>{text}</p>}
    </>
  );
}

/** The page for a load: its notice while loading or after an error, else `ready(data)`. */
export function whenLoaded<T>(
  loaded: LoadResult<T>,
  title: string,
  loadingText: string,
  ready: (data: T) => ReactNode,
): ReactNode {
  if (loaded.kind === 'loading') return <DesignerNotice title={title} kind="loading" text={loadingText} />;
  if (loaded.kind === 'error') return <DesignerNotice title={title} kind="alert" text={loaded.message} />;
  return ready(loaded.data);
}

/**
 * The version a designer page builds its next publish on: the loaded one, then each version
 * published there (by the designer or by a revert), and the last one published for the status.
 */
export function useDesignerBase<V extends { Version: number }>(initial: V) {
  const [base, setBase] = useState(initial);
  const [publishedVersion, setPublishedVersion] = useState<number | null>(null);
  const onPublished = (published: V) => {
    setBase(published);
    setPublishedVersion(published.Version);
  };
  return { base, publishedVersion, onPublished };
}

/** A designer page: its heading, the published status, and the designer beside its Versions panel. */
export function DesignerLayout(props: {
  heading: string;
  publishedVersion: number | null;
  children: ReactNode;
}) {
  const texts = useHostTexts().designer;
  return (
    <>
      <h1>{props.heading}</h1>
      <div role="status" className="procedo-DesignerPage-status">
        {props.publishedVersion !== null ? texts.publishedVersion(props.publishedVersion) : ''}
      </div>
      <div className="procedo-DesignerPage">{props.children}</div>
    </>
  );
}
