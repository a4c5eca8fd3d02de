import { describe, expect, it } from 'vitest';
import { renameBillBodySchema } from '../../../../contracts/bills';
import { billNameProblem } from './bill-name';

describe('billNameProblem', () => {
  it("refuses exactly what the server's rename contract refuses, with its words", () => {
    for (const name of [
      '',
      '   ',
      'x'.repeat(121),
      'Tab\there',
      'Caffè Nero',
      ' 李 ',
      'x'.repeat(120),
    ]) {
      const server = renameBillBodySchema.safeParse({ name });
      expect(billNameProblem(name)).toBe(
        server.success ? null : (server.error.issues[0]?.message ?? null),
      );
    }
    expect(billNameProblem('Caffè Nero')).toBeNull();
    expect(billNameProblem('   ')).not.toBeNull();
  });
});
