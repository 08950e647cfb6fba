// The login page, registering (which logs in) and logging in.

// The first look: the page loads, connects and shows the login form.
export async function bootSmoke(report, person, url) {
  const { page } = person;
  await page.goto(`${url}/`);
  await report.check("boot: the login page renders", async () => {
    await page.getByRole("heading", { name: "Spacedock" }).waitFor();
    await page.getByRole("tab", { name: "Log in" }).waitFor();
    await page.getByRole("tab", { name: "Register" }).waitFor();
    await page.getByLabel("User name").waitFor();
    // Enabled once the WebSocket is up.
    await page.getByRole("button", { name: "Log in" }).and(page.locator(":enabled")).waitFor();
    return `title "${await page.title()}"`;
  }, () => report.shot(page, "fail-boot"));
  await report.check("boot: the server's version is shown", async () => {
    const text = await page.getByText(/^Server /).textContent({ timeout: 5000 });
    return text.trim();
  });
  await report.shot(page, "login");
}

async function fillCredentials(page, username, password) {
  await page.getByLabel("User name").fill(username);
  await page.getByLabel("Password").fill(password);
}

// The lobby is up: the page nav and the match list.
export async function waitForLobby(page) {
  await page.getByRole("navigation", { name: "Pages" }).waitFor();
  await page.getByRole("region", { name: "Matches" }).waitFor();
}

export async function register(report, person, url, username, password) {
  const { page } = person;
  if (!page.url().startsWith(url)) await page.goto(`${url}/`);
  await page.getByRole("tab", { name: "Register" }).click();
  await fillCredentials(page, username, password);
  await page.getByRole("button", { name: "Create account" }).click();
  await report.check(`${person.who}: registering "${username}" logs in and shows the lobby`, async () => {
    await waitForLobby(page);
    const account = (await page.locator(".topbar .account").textContent()).trim();
    if (!account.startsWith(username)) throw new Error(`the bar names "${account}"`);
    return true;
  }, () => report.shot(page, `fail-register-${person.who}`));
}

export async function login(report, person, url, username, password) {
  const { page } = person;
  await page.goto(`${url}/`);
  await page.getByRole("tab", { name: "Log in" }).click();
  await fillCredentials(page, username, password);
  await page.getByRole("button", { name: "Log in" }).and(page.locator(":enabled")).click();
  await report.check(`${person.who}: logging in as "${username}" shows the lobby`, async () => {
    await waitForLobby(page);
    return true;
  }, () => report.shot(page, `fail-login-${person.who}`));
}
