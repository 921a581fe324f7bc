import { expect } from 'chai';
import { isRefusedAddress } from '../../../infrastructure/webhooks/addressPolicy.js';

// The address policy of webhook deliveries and source imports judges an IPv6 address that
// carries an IPv4 one (NAT64, 6to4, IPv4-compatible) by the IPv4 address it carries: on an
// IPv6-only host behind a NAT64 gateway, 64:ff9b::10.0.0.5 reaches 10.0.0.5.
describe('address policy: IPv6 addresses carrying an IPv4 one', () => {
  it('refuses those that carry a loopback, private or link-local IPv4 address', () => {
    for (const address of [
      '64:ff9b::7f00:1',
      '64:ff9b::10.0.0.5',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b:1::c0a8:1',
      '2002:7f00:1::1',
      '2002:c0a8:101::',
      '::7f00:1',
      '::127.0.0.1',
      '::ffff:7f00:1',
    ])
      expect(isRefusedAddress(address), address).to.equal(true);
  });

  it('lets through those that carry a public IPv4 address, and public IPv6 addresses', () => {
    for (const address of ['64:ff9b::8.8.8.8', '2002:808:808::1', '2001:4860:4860::8888', '2606:4700::1111', '8.8.8.8'])
      expect(isRefusedAddress(address), address).to.equal(false);
  });
});
