// nexmark_reference.java -- where the expected values of test_nexmark.c come
// from. An independent, deliberately plain Java transcription of the Nexmark
// reference generator's algorithm (ids from the event id, java.util.Random
// seeded with the event id, Math.pow / Math.round / String.format of the
// JVM), written to derive the events the C generator must reproduce. It
// shares no code with src/connectors/nexmark_gen.c. Not built by CMake; run:
//
//   java tests/unit/nexmark_reference.java COUNT BASE RATE P A B SP SA SB HA HB HS [hash]
//
// (COUNT events, base time BASE ms, first-event.rate RATE, proportions
// P/A/B, average sizes SP/SA/SB, hot ratios auctions/bidders/sellers
// HA/HB/HS). Prints one line per event -- P|..., A|..., B|... -- or, with
// "hash", the FNV-1a 64-bit hash of those lines (each ending in '\n').
// Channel URLs follow eddy's deterministic choice: hot channel i from
// new Random(-1 - i), channel n from new Random(n).
import java.util.Random;

public class nexmark_reference {
  static int P, A, B, T, SP, SA, SB, HA, HB, HS;
  static long base;
  static double delayUs;
  static final String[] FIRST = "Peter,Paul,Luke,John,Saul,Vicky,Kate,Julie,Sarah,Deiter,Walter".split(",");
  static final String[] LAST = "Shultz,Abrams,Spencer,White,Bartels,Walton,Smith,Jones,Noris".split(",");
  static final String[] CITIES =
      "Phoenix,Los Angeles,San Francisco,Boise,Portland,Bend,Redmond,Seattle,Kent,Cheyenne".split(",");
  static final String[] STATES = "AZ,CA,ID,OR,WA,WY".split(",");
  static final String[] HOT = {"Google", "Facebook", "Baidu", "Apple"};
  static final String[] hotUrls = new String[4];
  static final String[] channelUrls = new String[10000];

  static long time(long number) { return base + (long) (number * delayUs) / 1000L; }

  static String letters(Random r, int max, char special) {
    int len = 3 + r.nextInt(max - 3);
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < len; i++) sb.append(r.nextInt(13) == 0 ? special : (char) ('a' + r.nextInt(26)));
    return sb.toString().trim();
  }

  static String exact(Random r, int len) {
    StringBuilder sb = new StringBuilder();
    int rnd = 0;
    for (int i = 0; i < len; i++) {
      if (i % 6 == 0) rnd = r.nextInt();
      sb.append((char) ('a' + rnd % 26));
      rnd /= 26;
    }
    return sb.toString();
  }

  static String padding(Random r, int current, int avg) {
    if (current > avg) return "";
    int want = avg - current;
    int delta = (int) Math.round(want * 0.2);
    return exact(r, want - delta + (delta == 0 ? 0 : r.nextInt(2 * delta)));
  }

  static long below(Random r, long n) {
    return n < Integer.MAX_VALUE ? r.nextInt((int) n) : Math.abs(r.nextLong() % n);
  }

  static long price(Random r) { return Math.round(Math.pow(10.0, r.nextDouble() * 6.0) * 100.0); }

  static long lastPerson(long id) {
    long epoch = id / T, off = id % T;
    return epoch * P + (off >= P ? P - 1 : off);
  }

  static long lastAuction(long id) {
    long epoch = id / T, off = id % T;
    if (off < P) return (epoch - 1) * A + A - 1;
    if (off >= P + A) return epoch * A + A - 1;
    return epoch * A + off - P;
  }

  static long somePerson(long id, Random r) {
    long n = lastPerson(id) + 1, active = Math.min(n, 1000);
    return n - active + below(r, active + 10);
  }

  static long someAuction(long id, Random r) {
    long hi = lastAuction(id), lo = Math.max(hi - 100, 0);
    return lo + below(r, hi - lo + 1 + 10);
  }

  static String url(Random r) {
    return "https://www.nexmark.com/" + letters(r, 5, '_') + "/" + letters(r, 5, '_') + "/"
        + letters(r, 5, '_') + "/item.htm?query=1";
  }

  static String event(long k) {
    long id = k + 2, t = time(k + 1);
    Random r = new Random(id);
    long rem = id % T;
    if (rem < P) {
      String name = FIRST[r.nextInt(11)] + " " + LAST[r.nextInt(9)];
      String email = letters(r, 7, ' ') + "@" + letters(r, 5, ' ') + ".com";
      String card = String.format("%04d %04d %04d %04d", r.nextInt(10000), r.nextInt(10000), r.nextInt(10000),
          r.nextInt(10000));
      String city = CITIES[r.nextInt(10)], state = STATES[r.nextInt(6)];
      int size = 8 + name.length() + email.length() + card.length() + city.length() + state.length();
      return "P|" + (lastPerson(id) + 1000) + "|" + name + "|" + email + "|" + card + "|" + city + "|" + state
          + "|" + t + "|" + padding(r, size, SP);
    }
    if (rem < P + A) {
      long seller = (r.nextInt(HS) > 0 ? (lastPerson(id) / 100) * 100 : somePerson(id, r)) + 1000;
      long category = 10 + r.nextInt(5);
      long initial = price(r);
      long horizon = time(k + 1 + (100L * T) / A) - t;
      long expires = t + 1 + below(r, Math.max(horizon * 2, 1));
      String item = letters(r, 20, ' '), desc = letters(r, 100, ' ');
      long reserve = initial + price(r);
      String extra = padding(r, 8 + item.length() + desc.length() + 40, SA);
      return "A|" + (lastAuction(id) + 1000) + "|" + item + "|" + desc + "|" + initial + "|" + reserve + "|" + t
          + "|" + expires + "|" + seller + "|" + category + "|" + extra;
    }
    long auction = (r.nextInt(HA) > 0 ? (lastAuction(id) / 100) * 100 : someAuction(id, r)) + 1000;
    long bidder = (r.nextInt(HB) > 0 ? (lastPerson(id) / 100) * 100 + 1 : somePerson(id, r)) + 2000;
    long p = price(r);
    String channel, u;
    if (r.nextInt(2) > 0) {
      int i = r.nextInt(4);
      channel = HOT[i];
      u = hotUrls[i];
    } else {
      int c = r.nextInt(10000);
      channel = "channel-" + c;
      u = channelUrls[c];
    }
    return "B|" + auction + "|" + bidder + "|" + p + "|" + channel + "|" + u + "|" + t + "|" + padding(r, 32, SB);
  }

  public static void main(String[] a) {
    long count = Long.parseLong(a[0]);
    base = Long.parseLong(a[1]);
    delayUs = 1000000.0 / Integer.parseInt(a[2]);
    P = Integer.parseInt(a[3]);
    A = Integer.parseInt(a[4]);
    B = Integer.parseInt(a[5]);
    T = P + A + B;
    SP = Integer.parseInt(a[6]);
    SA = Integer.parseInt(a[7]);
    SB = Integer.parseInt(a[8]);
    HA = Integer.parseInt(a[9]);
    HB = Integer.parseInt(a[10]);
    HS = Integer.parseInt(a[11]);
    boolean hash = a.length > 12 && a[12].equals("hash");
    for (int i = 0; i < 4; i++) hotUrls[i] = url(new Random(-1 - i));
    for (int c = 0; c < 10000; c++) {
      Random r = new Random(c);
      String u = url(r);
      channelUrls[c] = r.nextInt(10) > 0 ? u + "&channel_id=" + Math.abs(Integer.reverse(c)) : u;
    }
    long h = 0xcbf29ce484222325L;
    StringBuilder out = new StringBuilder();
    for (long k = 0; k < count; k++) {
      String line = event(k) + "\n";
      if (hash) {
        for (int i = 0; i < line.length(); i++) h = (h ^ (line.charAt(i) & 0xff)) * 0x100000001b3L;
      } else {
        out.append(line);
        if (out.length() > (1 << 20)) {
          System.out.print(out);
          out.setLength(0);
        }
      }
    }
    if (hash) System.out.println(Long.toUnsignedString(h, 16));
    else System.out.print(out);
  }
}
