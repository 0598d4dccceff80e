// The target's base URL as a certificate may show it. A base URL may carry a credential (userinfo, a
// token in its query); certification.json, its signed bundle and the settings it lists show the URL
// without them.

/** The base URL with no userinfo, no query and no fragment; "embedded sandbox" where none is set. */
export function publicTargetUrl(raw: string | undefined): string {
  if (!raw) return 'embedded sandbox';
  try {
    const url = new URL(raw);
    url.username = '';
    url.password = '';
    url.search = '';
    url.hash = '';
    return url.toString().replace(/\/$/, '');
  } catch {
    return '(SVC_BASE_URL is not a URL)';
  }
}
