// Mercurial follows HTTP redirects and has no setting to stop it: this extension (loaded
// through HGRCPATH where private addresses are refused) refuses them before urllib's own
// redirect handler runs.
// HGRCPATH replaces hg's configuration files: the system's stay (Debian's sets the CA
// certificates for https there), missing ones are skipped.
export const SYSTEM_HGRC = '/etc/mercurial/hgrc:/etc/mercurial/hgrc.d';

export const REFUSE_REDIRECTS_EXTENSION = `import urllib.request
from mercurial import error, extensions, url as urlmod


class RefuseRedirects(urllib.request.HTTPRedirectHandler):
    handler_order = 100

    def redirect_request(self, req, fp, code, msg, headers, newurl):
        raise error.Abort(b'redirect refused: HTTP %d' % code)


def extsetup(ui):
    def opener(orig, *args, **kwargs):
        built = orig(*args, **kwargs)
        built.add_handler(RefuseRedirects())
        return built

    extensions.wrapfunction(urlmod, 'opener', opener)
`;
