import { jwtVerify, SignJWT } from 'jose';
const raw = new TextEncoder().encode('0123456789abcdef0123456789abcdef01');
const key = await crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
const token = await new SignJWT({ a: 1 }).setProtectedHeader({ alg: 'HS256' }).setSubject('x').setExpirationTime('2h').sign(raw);
for (const [name, k] of [['raw', raw], ['CryptoKey', key]] as const) {
  for (let i = 0; i < 500; i++) await jwtVerify(token, k as never, { algorithms: ['HS256'] });
  const t = performance.now(); for (let i = 0; i < 5000; i++) await jwtVerify(token, k as never, { algorithms: ['HS256'] }); console.log(name, ((performance.now() - t) / 5000).toFixed(3), 'ms');
}
