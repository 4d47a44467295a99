// A request body as a form holds it while the landlord types: every number as the text typed,
// German notation ("1.234,56"); an amount `xCents` as `x` in euros; optional fields present (empty
// text). Form types derived from the shared request schema stay in step with it.

export type Typed<T> = T extends number
  ? string
  : T extends string | boolean
    ? T
    : T extends ReadonlyArray<infer Item>
      ? Typed<Item>[]
      : T extends object
        ? {
            -readonly [K in keyof T as K extends `${infer Name}Cents` ? Name : K]-?: Typed<NonNullable<T[K]>>;
          }
        : T;
