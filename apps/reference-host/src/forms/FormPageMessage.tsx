/** The form page when there is no form to show: a heading and the reason, announced. */
export function FormPageMessage({ title, message }: { title: string; message: string }) {
  return (
    <section className="procedo-FormPage">
      <h1>{title}</h1>
      <p role="alert">{message}</p>
    </section>
  );
}
