// The `zipcodes` package ships no types. A shorthand declaration (it merges with a fuller one,
// should the project add it elsewhere); `geo.ts` gives the data its shape.
declare module 'zipcodes';
