// Identity service tables. Owned by src/identity.
export {};
