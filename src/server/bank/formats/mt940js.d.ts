// The part of mt940js (plain JavaScript, no types of its own) that mt940.ts uses.
declare module 'mt940js' {
  export class Parser {
    constructor(options?: { no86Structure?: boolean });
    /** Statements; with `withTags`, each keeps its raw tags in `tags`. */
    parse(data: string, withTags?: boolean): unknown[];
  }
}
