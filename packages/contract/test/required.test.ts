/** The one 'Required Field' mechanism (docs/product.md §5.1) and the required fields of every existing form. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { REQUIRED_MESSAGE, isBlank, required, violationsFromIssues } from '../src/common';
import { customerAccountBody } from '../src/customers';
import { ccCodeUpdateBody, collectionPointBody, partNumberUpdateBody, scrapReasonBody } from '../src/settings';
import { PASSWORD_TOO_SHORT, hubUserCreateBody, hubUserUpdateBody, profileUpdateBody } from '../src/users';

/** Each failing field's message, as the form and the server's violations show it (first per field). */
function messages(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(violationsFromIssues(result.error.issues).map((v) => [v.propertyPath, v.message]));
}

describe('required()', () => {
  const choice = required(z.enum(['Admin', 'Production'], { error: 'Choose Admin or Production.' }));
  const password = required(z.string().min(8, 'too short'));

  it('treats missing, null, empty and blank text as blank, and nothing else', () => {
    for (const v of [undefined, null, '', '   ', '\t\n']) expect(isBlank(v)).toBe(true);
    for (const v of [0, false, 'a', ' a ', [], {}]) expect(isBlank(v)).toBe(false);
  });

  it("says only 'Required Field' for a blank value, whatever the schema's own message", () => {
    for (const v of [undefined, null, '', '  ']) {
      expect(choice.safeParse(v).error?.issues.map((i) => i.message)).toEqual([REQUIRED_MESSAGE]);
      expect(password.safeParse(v).error?.issues.map((i) => i.message)).toEqual([REQUIRED_MESSAGE]);
    }
  });

  it("lets the schema's own rules speak once there is a value, and passes valid values through", () => {
    expect(choice.safeParse('Boss').error?.issues[0]?.message).toBe('Choose Admin or Production.');
    expect(password.safeParse('short').error?.issues[0]?.message).toBe('too short');
    expect(choice.parse('Admin')).toBe('Admin');
    expect(password.parse('long enough')).toBe('long enough');
  });

  it('keeps a zero: a number field holding 0 has a value', () => {
    expect(required(z.number()).parse(0)).toBe(0);
  });
});

describe("'Required Field' on every required field of the existing forms", () => {
  it('Create New User: Name, Email, Password and Role', () => {
    const empty = { username: '', email: '', plainPassword: '', role: null, color: null };
    expect(messages(hubUserCreateBody, empty)).toEqual({
      username: REQUIRED_MESSAGE,
      email: REQUIRED_MESSAGE,
      plainPassword: REQUIRED_MESSAGE,
      role: REQUIRED_MESSAGE,
    });
    // a typed value meets the field's own rule
    expect(
      messages(hubUserCreateBody, { ...empty, username: 'jane', email: 'jane@example.com', role: 'Admin', plainPassword: 'abc' }),
    ).toEqual({
      plainPassword: PASSWORD_TOO_SHORT,
    });
  });

  it('Edit User: Name, Email and Role; an empty password keeps the old one', () => {
    expect(messages(hubUserUpdateBody, { username: ' ', email: '', plainPassword: '', role: undefined })).toEqual({
      username: REQUIRED_MESSAGE,
      email: REQUIRED_MESSAGE,
      role: REQUIRED_MESSAGE,
    });
  });

  it('Edit profile: Name and Email', () => {
    expect(messages(profileUpdateBody, { username: '', email: '', plainPassword: '', avatar: null })).toEqual({
      username: REQUIRED_MESSAGE,
      email: REQUIRED_MESSAGE,
    });
  });

  it('account: Name and Client', () => {
    expect(messages(customerAccountBody, { name: '', client: null })).toEqual({ name: REQUIRED_MESSAGE, client: REQUIRED_MESSAGE });
  });

  it('CC code, part number, collection point and scrap reason', () => {
    expect(messages(ccCodeUpdateBody, { code: '', name: '' })).toEqual({
      code: REQUIRED_MESSAGE,
      name: REQUIRED_MESSAGE,
      price: REQUIRED_MESSAGE,
    });
    expect(messages(partNumberUpdateBody, { partNumber: '', description: '' })).toEqual({ partNumber: REQUIRED_MESSAGE });
    expect(messages(collectionPointBody, { name: '  ' })).toEqual({ name: REQUIRED_MESSAGE });
    expect(messages(scrapReasonBody, { number: null, name: '' })).toEqual({ number: REQUIRED_MESSAGE, name: REQUIRED_MESSAGE });
    expect(scrapReasonBody.parse({ number: 0, name: 'Rust' }).number).toBe(0);
  });
});
