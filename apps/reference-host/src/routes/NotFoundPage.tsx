import { Link, useLocation } from 'react-router';

/** A signed-in route the host does not have (yet): says so, inside the shell. */
export function NotFoundPage() {
  const location = useLocation();
  return (
    <>
      <h1>Page not found</h1>
      <p>
        The page <code>{location.pathname}</code> is not part of the reference host.
      </p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </>
  );
}
