// Every URL a body carries starts from the configured base, as GitHub Enterprise's do.
export interface ApiUrls {
  readonly base: string;
  api(path: string): string;
  html(path: string): string;
}

export function apiUrls(base: string): ApiUrls {
  return {
    base,
    api: (path) => `${base}${path}`,
    html: (path) => `${base}${path}`,
  };
}
