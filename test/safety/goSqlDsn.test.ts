/**
 * The scheme-less Go/MySQL DSN (`user:password@tcp(host:port)/db`, go-sql-driver/mysql dsn.go
 * ParseDSN) is redacted wherever the user starts: after a space, `=`, a quote, a JSON key's `:` or
 * another `word:` (where the earlier word is taken as the user and the password still goes), and
 * a run of `word:` pairs costs one scan, not one per pair.
 */
import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../functions/safety/redactSecrets.js';

const PASSWORD = 'Zq8:vW3=xK9!pL';
const contexts = [
  `MYSQL_DSN=root:${PASSWORD}@tcp(mysql.db.svc:3306)/features?parseTime=true`,
  `dsn: root:${PASSWORD}@tcp(10.0.0.5:3306)/db`,
  `{"dsn":"root:${PASSWORD}@tcp(db:3306)/x"}`,
  `dsn:root:${PASSWORD}@tcp(db:3306)/x`,
  `open a:b:root:${PASSWORD}@unix(/var/run/mysqld.sock)/x`,
  `'svc_user.ro:${PASSWORD}@udp(db:3306)/x'`,
];

describe('go-sql-dsn', () => {
  it.each(contexts)('redacts the password in %s', (text) => {
    const out = redactSecrets(text);
    expect(out).not.toContain(PASSWORD);
    expect(out).toContain('[REDACTED]@');
  });

  it('keeps a text with no DSN as it is', () => {
    expect(redactSecrets('ratio 1:2:3 at 10:00:01 (tcp) ok')).toBe('ratio 1:2:3 at 10:00:01 (tcp) ok');
  });
});
