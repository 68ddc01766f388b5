/** A Web Storage stand-in for tests (Node has no localStorage without flags). */
export class MemoryStorage implements Storage {
  #items = new Map<string, string>();
  get length(): number {
    return this.#items.size;
  }
  clear(): void {
    this.#items.clear();
  }
  getItem(key: string): string | null {
    return this.#items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.#items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.#items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.#items.set(key, String(value));
  }
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An unsigned JWT with the claims the server puts in its tokens. */
export function fakeToken(claims: Record<string, unknown> = {}): string {
  const now = Math.floor(Date.now() / 1000);
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({
    sub: 'admin',
    sid: 's-1',
    iat: now,
    exp: now + 8 * 3600,
    isDataEntryUser: false,
    access: { parentOrganization: 'ORG-1', privileges: ['CREATE_JOB'] },
    ...claims,
  })}.signature`;
}
