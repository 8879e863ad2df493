/**
 * Real user-agent strings with what they must parse to. Used by the table test and the bench.
 * `browser`/`os` are "name major" / "name version"; `device` is "type vendor model" (desktop:
 * null); a missing key is not asserted.
 */
export interface Case {
  ua: string;
  browser?: string | null;
  engine?: string;
  os?: string | null;
  device?: string | null;
  cpu?: string;
  bot: boolean;
}

export const CASES: Case[] = [
  // Windows 10 (also what Windows 11 sends: the string is frozen)
  {
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
    browser: 'Chrome 124',
    engine: 'Blink',
    os: 'Windows 10',
    device: null,
    cpu: 'amd64',
    bot: false,
  },
  {
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51',
    browser: 'Edge 124',
    engine: 'Blink',
    os: 'Windows 10',
    device: null,
    bot: false,
  },
  {
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0',
    browser: 'Firefox 125',
    engine: 'Gecko',
    os: 'Windows 10',
    device: null,
    cpu: 'amd64',
    bot: false,
  },
  {
    ua: 'Mozilla/5.0 (Windows NT 6.1; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/109.0.0.0 Safari/537.36',
    browser: 'Chrome 109',
    os: 'Windows 7',
    bot: false,
  },
  {
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 OPR/110.0.0.0',
    browser: 'Opera 110',
    os: 'Windows 10',
    bot: false,
  },
  // macOS (frozen at 10.15.7 by Chromium and Safari)
  {
    ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
    browser: 'Chrome 124',
    os: 'Mac OS 10.15.7',
    device: 'undefined Apple Macintosh',
    bot: false,
  },
  {
    ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15',
    browser: 'Safari 17',
    engine: 'WebKit',
    os: 'Mac OS 10.15.7',
    device: 'undefined Apple Macintosh',
    bot: false,
  },
  {
    ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.4; rv:125.0) Gecko/20100101 Firefox/125.0',
    browser: 'Firefox 125',
    os: 'Mac OS 14.4',
    bot: false,
  },
  {
    ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51',
    browser: 'Edge 124',
    os: 'Mac OS 10.15.7',
    bot: false,
  },
  // Linux, ChromeOS
  {
    ua: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
    browser: 'Chrome 124',
    os: 'Linux undefined',
    device: null,
    cpu: 'amd64',
    bot: false,
  },
  {
    ua: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
    browser: 'Firefox 125',
    os: 'Ubuntu undefined',
    bot: false,
  },
  {
    ua: 'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
    browser: 'Chrome 124',
    os: 'Chromium OS 14541.0.0',
    bot: false,
  },
  // Android (Chrome's reduced string says "Android 10; K" whatever the device)
  {
    ua: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
    browser: 'Chrome 124',
    os: 'Android 10',
    device: 'mobile undefined K',
    bot: false,
  },
  {
    ua: 'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0.0.0 Mobile Safari/537.36',
    browser: 'Chrome 116',
    os: 'Android 13',
    device: 'mobile Google Pixel 7',
    bot: false,
  },
  {
    ua: 'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/112.0.0.0 Mobile Safari/537.36',
    browser: 'Chrome 112',
    os: 'Android 14',
    device: 'mobile Samsung SM-S918B',
    bot: false,
  },
  {
    ua: 'Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0',
    browser: 'Firefox 125',
    engine: 'Gecko',
    os: 'Android 14',
    device: 'mobile undefined undefined',
    bot: false,
  },
  {
    ua: 'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
    browser: 'Samsung Internet 24',
    os: 'Android 14',
    device: 'mobile Samsung SM-S918B',
    bot: false,
  },
  {
    ua: 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
    browser: 'Chrome 124',
    os: 'Android 13',
    device: 'tablet Samsung SM-X700',
    bot: false,
  },
  {
    ua: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36 EdgA/124.0.2478.64',
    browser: 'Edge 124',
    os: 'Android 10',
    device: 'mobile undefined K',
    bot: false,
  },
  {
    ua: 'Mozilla/5.0 (Linux; Android 9; CUBOT P30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
    browser: 'Chrome 124',
    os: 'Android 9',
    device: 'mobile undefined CUBOT P30',
    bot: false,
  },
  // iOS, iPadOS
  {
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Mobile/15E148 Safari/604.1',
    browser: 'Mobile Safari 17',
    engine: 'WebKit',
    os: 'iOS 17.4.1',
    device: 'mobile Apple iPhone',
    bot: false,
  },
  {
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1',
    browser: 'Chrome 124',
    engine: 'WebKit',
    os: 'iOS 17.4',
    device: 'mobile Apple iPhone',
    bot: false,
  },
  {
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/125.0 Mobile/15E148 Safari/605.1.15',
    browser: 'Firefox 125',
    os: 'iOS 17.4',
    device: 'mobile Apple iPhone',
    bot: false,
  },
  {
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) EdgiOS/124.0.2478.50 Version/17.0 Mobile/15E148 Safari/604.1',
    browser: 'Edge 124',
    os: 'iOS 17.4',
    bot: false,
  },
  {
    ua: 'Mozilla/5.0 (iPad; CPU OS 12_5_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1',
    browser: 'Mobile Safari 12',
    os: 'iOS 12.5.7',
    device: 'tablet Apple iPad',
    bot: false,
  },
  {
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 327.0.0.41.89',
    browser: 'Instagram 327',
    os: 'iOS 17.4',
    bot: false,
  },
  // Consoles and TVs
  {
    ua: 'Mozilla/5.0 (PlayStation; PlayStation 5/2.26) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.0 Safari/605.1.15',
    os: 'PlayStation 5',
    device: 'console Sony PlayStation 5',
    bot: false,
  },
  {
    ua: 'Mozilla/5.0 (SMART-TV; Linux; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) 76.0.3809.146/6.0 TV Safari/537.36',
    os: 'Tizen 6.0',
    device: 'smarttv undefined undefined',
    bot: false,
  },
  {
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; Xbox; Xbox One) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.19041',
    browser: 'Edge 18',
    engine: 'EdgeHTML',
    device: 'console Microsoft Xbox One',
    bot: false,
  },
  // Bots, automation, command-line clients
  {
    ua: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    browser: null,
    os: null,
    bot: true,
  },
  {
    ua: 'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.91 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    browser: 'Chrome 124',
    os: 'Android 6.0.1',
    bot: true,
  },
  { ua: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', browser: null, bot: true },
  {
    ua: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36',
    browser: 'Chrome 116',
    bot: true,
  },
  { ua: 'Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)', bot: true },
  { ua: 'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)', bot: true },
  { ua: 'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)', bot: true },
  { ua: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', bot: true },
  {
    ua: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0.6367.60 Safari/537.36',
    browser: 'Chrome Headless 124',
    os: 'Linux undefined',
    bot: true,
  },
  { ua: 'curl/8.5.0', browser: null, os: null, device: null, bot: true },
  { ua: 'Wget/1.21.4', bot: true },
  { ua: 'python-requests/2.31.0', bot: true },
];
