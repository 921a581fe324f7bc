// The `client_id` filter of GET /authorizations and GET /applications/grants, read as Rails
// reads it on GitHub: `client_id=x` (a repeated one takes its last value) names one
// application, `client_id[]=x&client_id[]=y` several; an empty one filters nothing. Express's
// query parser keeps `client_id[]` under its own name.
export function clientIdFilterOf(query: Record<string, unknown>): readonly string[] | undefined {
  const listed = query['client_id[]'];
  if (listed !== undefined) {
    const values = (Array.isArray(listed) ? listed : [listed]).filter((value): value is string => typeof value === 'string');
    return values.length > 0 ? values : undefined;
  }
  const single = query.client_id;
  const last = Array.isArray(single) ? single[single.length - 1] : single;
  return typeof last === 'string' && last !== '' ? [last] : undefined;
}
