// How busy this serving process is, from 0 (idle) to 1 (never waiting): what GitHub's
// X-Poll-Interval grows with. Injected, as the clock is, so specs can set it.
export interface ServerLoad {
  utilization(): number;
}
