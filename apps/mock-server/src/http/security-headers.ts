import helmet from 'helmet';

/**
 * The CSP of the reference product: our own scripts only (no inline script, no eval), inline
 * styles allowed for the component library's positioning, nothing framed from elsewhere.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'frame-ancestors': ["'self'"],
  'form-action': ["'self'"],
};

/** helmet with the CSP above; helmet's other defaults (nosniff, frame options, referrer policy…) stay. */
export function securityHeaders() {
  return helmet({
    // Defaults off: helmet's default CSP adds upgrade-insecure-requests, which breaks plain-HTTP hosts.
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: 'sameorigin' },
  });
}
