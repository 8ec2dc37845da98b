// What makes two `run` requests the same, for the page and its worker alike.

/** The key of a `run` request: the inputs the library reads, and whether the diagnosis is wanted. */
export const runKey = (r) => JSON.stringify([r.values, r.baseSchema, r.targetSchema, r.proposal, r.defaults, r.prefix, r.answers, r.typing, r.wantDiagnosis]);
