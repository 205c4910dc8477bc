// static/js/passkeys.js: the server's options as the phone takes them, the phone's answer
// as the server reads it, and one ceremony from the tap to the answer.
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const passkeys = require("../../static/js/passkeys.js");

const bytes = (...values) => new Uint8Array(values);

test("base64url turns to bytes and back, padding or not", () => {
  assert.deepStrictEqual(passkeys.toBytes("-_8"), bytes(0xfb, 0xff));
  assert.strictEqual(passkeys.toText(bytes(0xfb, 0xff)), "-_8");
  assert.strictEqual(passkeys.toText(bytes(1, 2, 3, 4).buffer), "AQIDBA");
  assert.strictEqual(passkeys.toText(null), null);
});

test("a view of part of a buffer gives only its own bytes", () => {
  const whole = bytes(9, 9, 1, 2, 9);
  assert.strictEqual(passkeys.toText(whole.subarray(2, 4)), passkeys.toText(bytes(1, 2)));
});

test("the options to make a passkey carry bytes where the server sent base64url", () => {
  const options = passkeys.creationOptions({
    challenge: "AQID",
    rp: { id: "bourre.example", name: "Bourré ledger" },
    user: { id: "BAU", name: "ann", displayName: "ann" },
    excludeCredentials: [{ id: "Bg", type: "public-key" }],
    authenticatorSelection: { residentKey: "required" },
  });
  assert.deepStrictEqual(options.challenge, bytes(1, 2, 3));
  assert.deepStrictEqual(options.user.id, bytes(4, 5));
  assert.strictEqual(options.user.name, "ann");
  assert.deepStrictEqual(options.excludeCredentials, [{ id: bytes(6), type: "public-key" }]);
  assert.deepStrictEqual(options.rp, { id: "bourre.example", name: "Bourré ledger" });
});

test("the options to sign in have no list of passkeys when the server gave none", () => {
  const options = passkeys.requestOptions({ challenge: "AQID", rpId: "bourre.example" });
  assert.deepStrictEqual(options.challenge, bytes(1, 2, 3));
  assert.deepStrictEqual(options.allowCredentials, []);
});

function made() {
  return {
    id: "Bw",
    rawId: bytes(7).buffer,
    type: "public-key",
    authenticatorAttachment: "platform",
    getClientExtensionResults: () => ({ credProps: { rk: true } }),
    response: {
      clientDataJSON: bytes(1).buffer,
      attestationObject: bytes(2).buffer,
      getTransports: () => ["internal"],
    },
  };
}

test("a new passkey is sent as the server reads a registration", () => {
  assert.deepStrictEqual(passkeys.credentialJSON(made()), {
    id: "Bw",
    rawId: "Bw",
    type: "public-key",
    authenticatorAttachment: "platform",
    clientExtensionResults: { credProps: { rk: true } },
    response: { clientDataJSON: "AQ", attestationObject: "Ag", transports: ["internal"] },
  });
});

test("a signature is sent as the server reads an authentication", () => {
  const signed = {
    id: "Bw",
    rawId: bytes(7).buffer,
    type: "public-key",
    response: {
      clientDataJSON: bytes(1).buffer,
      authenticatorData: bytes(3).buffer,
      signature: bytes(4).buffer,
      userHandle: null,
    },
  };
  assert.deepStrictEqual(passkeys.credentialJSON(signed), {
    id: "Bw",
    rawId: "Bw",
    type: "public-key",
    authenticatorAttachment: null,
    clientExtensionResults: {},
    response: { clientDataJSON: "AQ", authenticatorData: "Aw", signature: "BA", userHandle: null },
  });
});

function server(options, status = 200) {
  const asked = [];
  const fetch = (url, init) => {
    asked.push({ url, init });
    return Promise.resolve({ ok: status < 400, status, json: () => Promise.resolve({ options }) });
  };
  return { asked, fetch };
}

test("a ceremony asks the options with the form, makes the passkey and answers its JSON", async () => {
  const { asked, fetch } = server({ challenge: "AQ", user: { id: "Ag", name: "ann" } });
  let given = null;
  const credentials = {
    create: (request) => { given = request; return Promise.resolve(made()); },
  };
  const answer = await passkeys.ceremony("create", "/options/", "the form", { fetch, credentials });
  assert.strictEqual(asked.length, 1);
  assert.strictEqual(asked[0].url, "/options/");
  assert.strictEqual(asked[0].init.method, "POST");
  assert.strictEqual(asked[0].init.body, "the form");
  assert.deepStrictEqual(given.publicKey.challenge, bytes(1));
  assert.strictEqual(JSON.parse(answer).rawId, "Bw");
});

test("no options (a name refused) answers nothing and asks the phone nothing", async () => {
  const { fetch } = server(null);
  const credentials = { create: () => assert.fail("the phone was asked") };
  assert.strictEqual(await passkeys.ceremony("create", "/o/", null, { fetch, credentials }), null);
});

test("a cancelled prompt or a failed request is an error the page shows", async () => {
  const cancelled = Object.assign(new Error("The operation was aborted."), { name: "NotAllowedError" });
  const credentials = { get: () => Promise.reject(cancelled) };
  await assert.rejects(
    passkeys.ceremony("get", "/o/", null, { fetch: server({ challenge: "AQ" }).fetch, credentials }),
    /aborted/,
  );
  await assert.rejects(
    passkeys.ceremony("get", "/o/", null, { fetch: server({}, 403).fetch, credentials }),
    /options 403/,
  );
});
