// Passkeys (WebAuthn): make one to sign up or to add to an account, or sign in with one.
// A button[data-passkey="create"|"get"] sits in its form, inside [data-passkey-way],
// which stays hidden where the browser cannot use passkeys (no script, an old browser, a
// page not served over HTTPS): the code by mail and the password still work there.
// A tap asks the server for the options (data-options, the form's fields with it), hands
// them to the phone, and sends the form with the phone's answer in its "credential" field.
// The server answers the form as any other: the next page, or the refusal on top.
(function (root) {
  "use strict";

  function toBytes(text) {
    var base64 = String(text).replace(/-/g, "+").replace(/_/g, "/");
    while (base64.length % 4) {
      base64 += "=";
    }
    var binary = atob(base64);
    var bytes = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; i += 1) {
      bytes[i] = binary.charCodeAt(i);
    }
    return bytes;
  }

  function toText(buffer) {
    if (buffer === null || buffer === undefined) {
      return null;
    }
    var bytes = new Uint8Array(buffer.buffer ? buffer.buffer.slice(buffer.byteOffset,
      buffer.byteOffset + buffer.byteLength) : buffer);
    var binary = "";
    for (var i = 0; i < bytes.length; i += 1) {
      binary += String.fromCharCode(bytes[i]);
    }
    return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function described(list) {
    return (list || []).map(function (item) {
      var copy = Object.assign({}, item);
      copy.id = toBytes(item.id);
      return copy;
    });
  }

  // The server's options (JSON, base64url for bytes) as navigator.credentials takes them.
  function creationOptions(json) {
    var options = Object.assign({}, json);
    options.challenge = toBytes(json.challenge);
    options.user = Object.assign({}, json.user, { id: toBytes(json.user.id) });
    options.excludeCredentials = described(json.excludeCredentials);
    return options;
  }

  function requestOptions(json) {
    var options = Object.assign({}, json);
    options.challenge = toBytes(json.challenge);
    options.allowCredentials = described(json.allowCredentials);
    return options;
  }

  // The phone's answer as the server reads it (the WebAuthn JSON form, base64url bytes).
  function credentialJSON(credential) {
    var response = credential.response;
    var answer = { clientDataJSON: toText(response.clientDataJSON) };
    if (response.attestationObject) {
      answer.attestationObject = toText(response.attestationObject);
      answer.transports = response.getTransports ? response.getTransports() : [];
    } else {
      answer.authenticatorData = toText(response.authenticatorData);
      answer.signature = toText(response.signature);
      answer.userHandle = toText(response.userHandle);
    }
    return {
      id: credential.id,
      rawId: toText(credential.rawId),
      type: credential.type,
      response: answer,
      authenticatorAttachment: credential.authenticatorAttachment || null,
      clientExtensionResults: credential.getClientExtensionResults
        ? credential.getClientExtensionResults() : {},
    };
  }

  // One ceremony: the options asked with the form's fields, the phone's answer as JSON,
  // or null when the server gave no options (a name refused: the form then says why).
  function ceremony(kind, optionsUrl, body, deps) {
    return deps.fetch(optionsUrl, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      headers: { Accept: "application/json" },
    }).then(function (response) {
      if (!response.ok) {
        throw new Error("options " + response.status);
      }
      return response.json();
    }).then(function (data) {
      if (!data.options) {
        return null;
      }
      var ask = kind === "create"
        ? deps.credentials.create({ publicKey: creationOptions(data.options) })
        : deps.credentials.get({ publicKey: requestOptions(data.options) });
      return ask.then(function (credential) {
        return JSON.stringify(credentialJSON(credential));
      });
    });
  }

  var api = {
    toBytes: toBytes,
    toText: toText,
    creationOptions: creationOptions,
    requestOptions: requestOptions,
    credentialJSON: credentialJSON,
    ceremony: ceremony,
  };
  if (typeof module === "object" && module.exports) {
    module.exports = api;
    return;
  }
  root.BourrePasskeys = api;

  function hidden(form, name, value) {
    var input = form.querySelector('input[type="hidden"][name="' + name + '"]');
    if (!input) {
      input = document.createElement("input");
      input.type = "hidden";
      input.name = name;
      form.appendChild(input);
    }
    input.value = value;
  }

  function tap(button) {
    var form = button.form;
    var problem = form.querySelector("[data-passkey-problem]");
    if (button.getAttribute("aria-busy") === "true") {
      return;
    }
    button.setAttribute("aria-busy", "true");
    button.disabled = true;
    if (problem) {
      problem.hidden = true;
    }
    var deps = { fetch: root.fetch.bind(root), credentials: navigator.credentials };
    ceremony(button.dataset.passkey, button.dataset.options, new FormData(form), deps)
      .then(function (answer) {
        hidden(form, "way", "passkey");
        hidden(form, "credential", answer || "");
        form.submit();
      })
      .catch(function () {
        // Cancelled at the phone's prompt, no passkey for this site, or no connection:
        // the form stays, with what happened and the other ways beside it.
        button.removeAttribute("aria-busy");
        button.disabled = false;
        if (problem) {
          problem.hidden = false;
          problem.focus();
        }
      });
  }

  var usable = typeof root.PublicKeyCredential === "function" && root.isSecureContext &&
    navigator.credentials;
  document.querySelectorAll("button[data-passkey]").forEach(function (button) {
    if (!usable) {
      return;
    }
    var way = button.closest("[data-passkey-way]");
    if (way) {
      way.hidden = false;
    }
    button.addEventListener("click", function () { tap(button); });
  });
})(typeof window === "object" ? window : globalThis);
