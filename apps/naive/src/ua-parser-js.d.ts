// ua-parser-js 1.x ships no types: the part this app reads.
declare module 'ua-parser-js' {
  interface Part {
    name?: string;
    version?: string;
    type?: string;
  }
  export default class UAParser {
    getResult(): { browser: Part; os: Part; device: Part };
  }
}
