// Which IP addresses a webhook may never reach (unless WEBHOOKS_ALLOW_PRIVATE=true): anything
// that is not a public unicast address, since a URL is chosen by a broker and the request is
// made from inside the operator's network (SSRF). IPv6 forms that carry an IPv4 address
// (::ffff:a.b.c.d, ::a.b.c.d, 64:ff9b::/96 NAT64, 2002::/16 6to4) are judged by that address;
// the local-use NAT64 prefix 64:ff9b:1::/48 is refused whole.
import { isIPv4, isIPv6 } from "node:net";

type Range = readonly [base: number, prefix: number];

const ipv4Ranges: Range[] = [
  [v4("0.0.0.0"), 8], // "this network", 0.0.0.0 the unspecified address
  [v4("10.0.0.0"), 8], // RFC 1918
  [v4("100.64.0.0"), 10], // CGNAT (also Alibaba's metadata, 100.100.100.200)
  [v4("127.0.0.0"), 8], // loopback
  [v4("169.254.0.0"), 16], // link-local: the cloud metadata service, 169.254.169.254
  [v4("172.16.0.0"), 12], // RFC 1918
  [v4("192.0.0.0"), 24], // IETF assignments (Oracle's metadata, 192.0.0.192)
  [v4("192.0.2.0"), 24], // documentation
  [v4("192.168.0.0"), 16], // RFC 1918
  [v4("198.18.0.0"), 15], // benchmarking
  [v4("198.51.100.0"), 24], // documentation
  [v4("203.0.113.0"), 24], // documentation
  [v4("224.0.0.0"), 4], // multicast
  [v4("240.0.0.0"), 4], // reserved, and 255.255.255.255 broadcast
];

function v4(address: string): number {
  return address.split(".").reduce((n, octet) => n * 256 + Number(octet), 0);
}

const inRange = (n: number, [base, prefix]: Range) =>
  prefix === 0 || Math.floor(n / 2 ** (32 - prefix)) === Math.floor(base / 2 ** (32 - prefix));

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part becomes two). */
function ipv6Groups(address: string): number[] {
  let text = address.replace(/%.*$/, "").toLowerCase();
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const n = v4(dotted[1]!);
    text = `${text.slice(0, -dotted[1]!.length)}${Math.floor(n / 65536).toString(16)}:${(n % 65536).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((g) => parseInt(g, 16)));
  const front = parse(head);
  if (tail === undefined) return front;
  const back = parse(tail);
  return [...front, ...Array(8 - front.length - back.length).fill(0), ...back];
}

const ipv4Of = (high: number, low: number) => high * 65536 + low;

function forbiddenIpv6(g: number[]): boolean {
  const [a, b] = [g[0]!, g[1]!];
  const zerosBefore = (i: number) => g.slice(0, i).every((x) => x === 0);
  if (zerosBefore(8)) return true; // :: unspecified
  if (zerosBefore(7) && g[7] === 1) return true; // ::1 loopback
  if (zerosBefore(5) && g[5] === 0xffff) return forbiddenIpv4Number(ipv4Of(g[6]!, g[7]!)); // ::ffff:a.b.c.d
  if (zerosBefore(6)) return true; // ::a.b.c.d, deprecated IPv4-compatible: never a public address today
  if (a === 0x64 && b === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return forbiddenIpv4Number(ipv4Of(g[6]!, g[7]!));
  // 64:ff9b:1::/48, local-use NAT64 (RFC 8215): the operator's own translator, which may reach its
  // private network; where the IPv4 address sits in it is the network's choice, so all of it.
  if (a === 0x64 && b === 0xff9b && g[2] === 1) return true;
  if (a === 0x2002) return forbiddenIpv4Number(ipv4Of(b, g[2]!)); // 6to4
  if ((a & 0xffc0) === 0xfe80) return true; // fe80::/10 link-local
  if ((a & 0xffc0) === 0xfec0) return true; // fec0::/10 old site-local
  if ((a & 0xfe00) === 0xfc00) return true; // fc00::/7 unique-local (AWS metadata fd00:ec2::254)
  if ((a & 0xff00) === 0xff00) return true; // ff00::/8 multicast
  if (a === 0x2001 && b === 0x0db8) return true; // documentation
  if (a === 0x0100 && g.slice(1, 4).every((x) => x === 0)) return true; // 100::/64 discard
  return false;
}

const forbiddenIpv4Number = (n: number) => ipv4Ranges.some((range) => inRange(n, range));

/** Whether a webhook may not be sent to this IP address (a string that is no IP address is refused too). */
export function isForbiddenAddress(address: string): boolean {
  if (isIPv4(address)) return forbiddenIpv4Number(v4(address));
  if (isIPv6(address)) return forbiddenIpv6(ipv6Groups(address));
  return true;
}
