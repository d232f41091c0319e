import type { ReactNode } from 'react';

/** The form page when there is no form to show: a heading and the reason, announced; a way on. */
export function FormPageMessage({
  title,
  message,
  children,
}: {
  title: string;
  message: string;
  /** What the user can do instead (e.g. a link). */
  children?: ReactNode;
}) {
  return (
    <section className="procedo-FormPage">
      <h1>{title}</h1>
      <p role="alert">{message}</p>
      {children}
    </section>
  );
}
