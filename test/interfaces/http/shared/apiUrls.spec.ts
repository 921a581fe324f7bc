import { expect } from 'chai';
import { apiUrls } from '../../../../interfaces/http/shared/apiUrls.js';

describe('apiUrls', () => {
  it('joins paths to the base and knows its host for git:// and ssh URLs', () => {
    const urls = apiUrls('http://forgelog.example:3000');
    expect(urls.api('/repos/o/r')).to.equal('http://forgelog.example:3000/repos/o/r');
    expect(urls.host).to.equal('forgelog.example:3000');
  });

  it('does not throw on a base built from a malformed Host header', () => {
    const urls = apiUrls('http://bad host');
    expect(urls.host).to.equal('bad host');
    expect(urls.api('/users/a')).to.equal('http://bad host/users/a');
  });
});
