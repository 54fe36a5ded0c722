// A token command for the tests, as a partner would write one: it fetches a token from a token
// endpoint (client credentials, HTTP Basic) and prints it — as JSON with the lifetime it claims
// (argument 2: "600" claims more than a short-lived sandbox grants, so only a 401 renews it), or
// bare ("bare"), as a credential helper that states no lifetime does.
// usage: node token-command.mjs <token URL> <claimed expires_in | bare>
const [url, claim] = process.argv.slice(2);
const basic = Buffer.from("sandbox-partner-client:sandbox-partner-client-secret-0001").toString("base64");
const res = await fetch(url, {
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded", "authorization": `Basic ${basic}` },
  body: "grant_type=client_credentials",
});
if (res.status !== 200) {
  process.stderr.write(`token endpoint answered ${res.status}\n`);
  process.exit(1);
}
const { access_token } = await res.json();
process.stdout.write(
  claim === "bare" ? `${access_token}\n` : JSON.stringify({ access_token, expires_in: Number(claim) }),
);
