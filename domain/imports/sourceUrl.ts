// A source's address reaches git, git-svn and hg as written, but the address policy checks it as
// a URL parser reads it. The two read it alike except where the parser rewrites it silently: a
// backslash it takes for a slash, tabs, newlines and other control characters it drops. There
// they can name two hosts (`http://8.8.8.8\@127.0.0.1/` is 8.8.8.8 to the parser, 127.0.0.1
// with user "8.8.8.8\" to curl), so an address holding any of them is not taken.
export const unambiguousSourceUrl = (url: string): boolean => !/[\\\x00-\x1f\x7f]/.test(url);
