/**
 * jose, loaded when a JWS or a JWE is first made or read, or a JWT first decoded. Most runs use
 * none (the default profile signs with HMAC), yet importing jose cost about 70 ms of CPU in each
 * thread of every run (the command's and each worker's).
 */
let jose: Promise<typeof import("jose")> | undefined;

/** jose, imported on the first call; the same module after it (no new import per request). */
export const loadJose = (): Promise<typeof import("jose")> => (jose ??= import("jose"));
