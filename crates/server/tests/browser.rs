//! The pages in a real browser: headless Chromium driven through chromedriver (WebDriver,
//! spoken here over plain HTTP), playing each game to the end by clicking.
//!
//! Needs Debian's `chromium` and `chromium-driver` (`.ci/run` installs them). Without
//! chromedriver on the PATH the test says so and passes, except under CI, where it fails.

use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use gameshelf_server::{Config, Server};
use serde_json::{Value, json};

/// A chromedriver process and its address.
struct Driver {
    child: Child,
    base: String,
    http: reqwest::Client,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One browser session.
struct Browser<'d> {
    driver: &'d Driver,
    session: String,
}

const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

impl Driver {
    async fn start() -> Option<Driver> {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .ok()?
            .local_addr()
            .ok()?
            .port();
        let child = Command::new("chromedriver")
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .ok()?;
        let driver = Driver {
            child,
            base: format!("http://127.0.0.1:{port}"),
            http: reqwest::Client::new(),
        };
        for _ in 0..500 {
            if let Ok(r) = driver
                .http
                .get(format!("{}/status", driver.base))
                .send()
                .await
                && let Ok(status) = r.json::<Value>().await
                && status["value"]["ready"] == true
            {
                return Some(driver);
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        panic!("chromedriver did not become ready");
    }

    async fn call(&self, method: reqwest::Method, path: &str, body: Option<Value>) -> Value {
        let mut request = self.http.request(method, format!("{}{path}", self.base));
        if let Some(body) = body {
            request = request.json(&body);
        }
        let answer: Value = request.send().await.unwrap().json().await.unwrap();
        answer["value"].clone()
    }

    /// A new headless browser with a window `width` pixels wide.
    async fn browser(&self, width: u32) -> Browser<'_> {
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": chromium(),
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                         "--disable-dev-shm-usage", format!("--window-size={width},900")],
            },
        }}});
        let value = self
            .call(reqwest::Method::POST, "/session", Some(caps))
            .await;
        let session = value["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no session: {value}"))
            .to_owned();
        Browser {
            driver: self,
            session,
        }
    }
}

fn chromium() -> &'static str {
    [
        "/usr/bin/chromium",
        "/usr/bin/chromium-browser",
        "/usr/bin/google-chrome",
    ]
    .into_iter()
    .find(|p| std::path::Path::new(p).exists())
    .unwrap_or("chromium")
}

impl Browser<'_> {
    async fn post(&self, path: &str, body: Value) -> Value {
        let path = format!("/session/{}{path}", self.session);
        self.driver
            .call(reqwest::Method::POST, &path, Some(body))
            .await
    }

    async fn open(&self, url: &str) {
        self.post("/url", json!({ "url": url })).await;
    }

    async fn script(&self, script: &str) -> Value {
        self.post("/execute/sync", json!({"script": script, "args": []}))
            .await
    }

    /// Clicks the first element matching `css`; false if there is none (or it went stale
    /// as the page redrew).
    async fn click(&self, css: &str) -> bool {
        let found = self
            .post("/element", json!({"using": "css selector", "value": css}))
            .await;
        let Some(id) = found[ELEMENT].as_str() else {
            return false;
        };
        let clicked = self.post(&format!("/element/{id}/click"), json!({})).await;
        clicked.is_null()
    }

    /// Waits (bounded) until `script` returns true.
    async fn until(&self, script: &str) {
        for _ in 0..2_000 {
            if self.script(script).await == true {
                return;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        panic!("the page never satisfied {script}");
    }

    async fn text(&self, id: &str) -> String {
        self.script(&format!(
            "return document.getElementById('{id}').textContent"
        ))
        .await
        .as_str()
        .unwrap_or_default()
        .to_owned()
    }

    async fn finished(&self) -> bool {
        self.script("return !document.getElementById('result-box').hidden")
            .await
            == true
    }

    async fn close(self) {
        let path = format!("/session/{}", self.session);
        self.driver.call(reqwest::Method::DELETE, &path, None).await;
    }
}

/// Waits for one of `pages` to offer a place on a picture, clicks it, and, when the place
/// holds several choices, the first of those it then lists; returns when the move shows in
/// that page's log.
async fn click_a_place(pages: &[&Browser<'_>]) {
    for _ in 0..2_000 {
        for page in pages {
            let logged = page
                .script("return document.querySelectorAll('#log li').length")
                .await;
            if !page.click("#pictures button.place").await {
                continue;
            }
            // Several faces fit the cell: the list now holds only them, after a button
            // that shows every choice again.
            if page
                .script("return document.querySelector('#choices button.all') !== null")
                .await
                == true
            {
                assert!(page.click("#choices li:nth-child(2) button").await);
            }
            page.until(&format!(
                "return document.querySelectorAll('#log li').length > {logged}"
            ))
            .await;
            return;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("no page offered a place on its pictures");
}

/// Clicks the page's first choice (the harmless one: passing, refusing, going on) until
/// `done`, a script's expression, is true. Each click is waited for in the log, so that the
/// page checked next is drawn after the move.
async fn click_first_until(page: &Browser<'_>, done: &str) {
    for _ in 0..2_000 {
        let seen = page
            .script(&format!(
                "return ({done}) || document.querySelectorAll('#log li').length"
            ))
            .await;
        if seen == true {
            return;
        }
        if page.click("#choices button").await {
            page.until(&format!(
                "return document.querySelectorAll('#log li').length > {seen}"
            ))
            .await;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("the page never came to {done}");
}

/// Clicks the first choice of every page whose seat is to move until every page shows the
/// result; returns the clicks made per page.
async fn click_to_the_end(pages: &[&Browser<'_>]) -> Vec<usize> {
    let mut clicks = vec![0; pages.len()];
    for _ in 0..20_000 {
        let mut done = true;
        for (i, page) in pages.iter().enumerate() {
            if page.finished().await {
                continue;
            }
            done = false;
            if page.click("#choices button").await {
                clicks[i] += 1;
            }
        }
        if done {
            return clicks;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    panic!("the game did not end by clicking");
}

/// Chromium through chromedriver, and a server on a random port over a new SQLite file in
/// its own folder (`gameshelf-NAME-PID`, which the test removes at its end), its bots
/// answering at once; `None` when chromedriver is missing, which fails under CI.
async fn chromium_and_server(name: &str) -> Option<(Driver, String, std::path::PathBuf)> {
    let Some(driver) = Driver::start().await else {
        assert!(
            std::env::var_os("CI").is_none(),
            "chromedriver is missing: install Debian's chromium and chromium-driver"
        );
        eprintln!("SKIPPED: no chromedriver on the PATH (install chromium and chromium-driver)");
        return None;
    };
    let dir = std::env::temp_dir().join(format!("gameshelf-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut config = Config::new(
        SocketAddr::from(([127, 0, 0, 1], 0)),
        format!("sqlite:{}", dir.join("browser.db").display()),
    );
    config.bot_pause = Duration::ZERO;
    config.posts = gameshelf_server::flood::Rate::UNLIMITED;
    let server = Server::bind(config).await.unwrap();
    let base = format!("http://{}", server.local_addr());
    tokio::spawn(server.run());
    Some((driver, base, dir))
}

#[tokio::test]
async fn every_game_is_played_to_the_end_by_clicking_in_chromium() {
    let Some((driver, base, dir)) = chromium_and_server("browser").await else {
        return;
    };

    // A phone-sized window creates an Osbo table for two people from the home page form.
    let alice = driver.browser(390).await;
    alice.open(&format!("{base}/")).await;
    alice
        .until("return document.querySelectorAll('#game option').length === 4")
        .await;
    assert_eq!(
        alice
            .script("return document.documentElement.scrollWidth <= window.innerWidth")
            .await,
        true,
        "the home page fits a phone-sized window"
    );
    alice
        .script("const g = document.getElementById('game'); g.value = 'osbo'; g.dispatchEvent(new Event('change'));")
        .await;
    alice
        .until("return document.querySelectorAll('#seats select').length >= 2")
        .await;
    alice
        .script("document.getElementById('seat-1').value = 'human';")
        .await;
    assert!(alice.click("#new-table button[type=submit]").await);
    alice
        .until("return document.querySelectorAll('#links a').length === 3")
        .await;
    let links: Vec<String> = serde_json::from_value(
        alice
            .script("return [...document.querySelectorAll('#links a')].map(a => a.href)")
            .await,
    )
    .unwrap();
    assert!(links[0].contains("?token=") && links[1].contains("?token="));
    assert!(
        !links[2].contains("token"),
        "the spectator link has no token"
    );

    // Two people in two browser sessions, and a spectator.
    let bob = driver.browser(1200).await;
    let watcher = driver.browser(1200).await;
    alice.open(&links[0]).await;
    bob.open(&links[1]).await;
    watcher.open(&links[2]).await;
    for page in [&alice, &bob, &watcher] {
        page.until("return document.getElementById('board').textContent.length > 0")
            .await;
    }
    // Osbo's designs are drawn; on the phone-sized window nothing overflows sideways.
    alice
        .until("return document.querySelectorAll('#pictures img').length === 2")
        .await;
    assert_eq!(
        alice
            .script("return document.documentElement.scrollWidth <= window.innerWidth")
            .await,
        true,
        "the table page fits a phone-sized window"
    );
    assert!(alice.text("who").await.contains("player 1"));
    assert!(bob.text("who").await.contains("player 2"));
    assert_eq!(watcher.text("who").await, "watching");
    // A die is placed by clicking its cell on the design's picture.
    click_a_place(&[&alice, &bob]).await;
    assert_eq!(
        watcher
            .script("return document.querySelectorAll('#pictures button.place').length")
            .await,
        0,
        "a spectator gets no places to click"
    );
    let clicks = click_to_the_end(&[&alice, &bob]).await;
    assert!(clicks[0] > 0 && clicks[1] > 0, "{clicks:?}");
    watcher
        .until("return !document.getElementById('result-box').hidden")
        .await;
    assert_eq!(
        watcher
            .script("return document.querySelectorAll('#choices button').length")
            .await,
        0,
        "a spectator gets no choices"
    );
    assert_eq!(alice.text("result").await, bob.text("result").await);
    assert_eq!(
        alice
            .script("return document.getElementById('log').getAttribute('aria-live')")
            .await,
        "polite"
    );
    bob.close().await;
    watcher.close().await;

    // Each game against bots, clicked to the end; then its replay steps by arrow keys.
    let http = reqwest::Client::new();
    for (game, seats) in [
        (
            "open-oubliette(players=2)",
            json!(["human", "bot:heuristic"]),
        ),
        ("oubliette-solitaire", json!(["human"])),
        (
            "laissez-faire(players=2)",
            json!(["human", "bot:heuristic"]),
        ),
    ] {
        let table: Value = http
            .post(format!("{base}/api/tables"))
            .json(&json!({"game": game, "seats": seats}))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        alice.open(table["seats"][0]["url"].as_str().unwrap()).await;
        alice
            .until("return document.getElementById('board').textContent.length > 0")
            .await;
        // Every game draws its table.
        alice
            .until("return document.querySelectorAll('#pictures img').length > 0")
            .await;
        if game.starts_with("laissez-faire") {
            // When the bot moves first, Alice's first decisions are on its open floor (or
            // its offers): she takes the highlighted choice, passing or refusing, until her
            // own window comes.
            click_first_until(
                &alice,
                "document.querySelector('#choices button')?.textContent === '1. go'",
            )
            .await;
            // The window before the roll: going on first, then the offer builder's entry,
            // the ready-made proposals folded after it.
            alice
                .until("return document.querySelectorAll('#choices details').length > 0")
                .await;
            assert_eq!(
                alice
                    .script("return document.querySelector('#choices button').textContent")
                    .await,
                "1. go"
            );
            let headings = alice
                .script("return [...document.querySelectorAll('#choices summary')].map(s => s.textContent)")
                .await;
            let first = headings.as_array().unwrap().first();
            assert!(
                first
                    .and_then(Value::as_str)
                    .is_some_and(|s| s.starts_with("make an offer (a package): ")),
                "{headings}"
            );
        }
        let clicks = click_to_the_end(&[&alice]).await;
        // A solitaire deal can be lost before its first choice (392 of the first 10,000
        // numbered deals are), and the table's deal is drawn by the operating system.
        assert!(clicks[0] > 0 || game == "oubliette-solitaire", "{game}");
        assert!(!alice.text("result").await.is_empty(), "{game}");
        assert!(alice.click("#replay").await, "{game}: the replay link");
        alice
            .until("return document.getElementById('where').textContent.startsWith('move 0 of')")
            .await;
        alice
            .script("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight'}))")
            .await;
        alice
            .until("return document.getElementById('where').textContent.startsWith('move 1 of')")
            .await;
    }
    alice.close().await;
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A new two-player Laissez-faire table, a person against the heuristic bot, and her page
/// open in Chromium.
async fn against_a_bot<'d>(driver: &'d Driver, base: &str) -> Browser<'d> {
    let table: Value = reqwest::Client::new()
        .post(format!("{base}/api/tables"))
        .json(&json!({"game": "laissez-faire(players=2)", "seats": ["human", "bot:heuristic"]}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let page = driver.browser(1200).await;
    page.open(table["seats"][0]["url"].as_str().unwrap()).await;
    page
}

/// Laissez-faire's offer builder: a person picks the other party, adds a clause with a sum
/// typed in, sees the whole package and its effect on both net worths beside the choices
/// with the harmless choice focused, sends it to a bot and reads the bot's answer.
#[tokio::test]
async fn a_package_is_drafted_and_sent_to_a_bot_in_chromium() {
    let Some((driver, base, dir)) = chromium_and_server("offer").await else {
        return;
    };
    let page = against_a_bot(&driver, &base).await;

    // Until the window before the roll offers to make an offer (the bot may play first).
    let heading = "make an offer (a package)";
    let offers = format!(
        "[...document.querySelectorAll('#choices summary')].find(s => s.textContent.startsWith('{heading}'))"
    );
    click_first_until(&page, &format!("{offers} !== undefined")).await;
    // Open the group and pick the other party.
    page.script(&format!("{offers}.click()")).await;
    let draft = "return [...document.querySelectorAll('#choices button')].find(b => b.textContent.includes('draft a package of clauses for seat 2'))";
    page.until(&format!("{draft} !== undefined")).await;
    page.script(&format!("{draft}.click()")).await;
    page.until("return !document.getElementById('terms-box').hidden")
        .await;
    assert_eq!(
        page.text("terms-title").await,
        "your offer to seat 2, not sent yet (0 of 6 clauses, 12 changes left):"
    );
    // A payment of a sum typed in: the box under the first payment of its kind.
    let payments = "return [...document.querySelectorAll('#choices summary')].find(s => s.textContent.startsWith('add a payment you make'))";
    page.until(&format!("{payments} !== undefined")).await;
    page.script(&format!("{payments}.click()")).await;
    let input = "document.querySelector('#choices details[open] form.sum input')";
    page.until(&format!("return {input} !== null")).await;
    assert_eq!(
        page.script(&format!("return {input}.closest('label').textContent"))
            .await,
        "or the sum you pay now: $"
    );
    page.script(&format!(
        "{input}.value = '35'; {input}.form.requestSubmit();"
    ))
    .await;
    page.until(
        "return document.getElementById('terms').textContent.includes('1. you pay seat 2 $35 now')",
    )
    .await;
    let terms = page.text("terms").await;
    assert!(
        terms.contains("if accepted: your net worth goes from $")
            && terms.contains("(-$35), your cash from $")
            && terms.contains("if accepted: seat 2's net worth goes from $")
            && terms.contains("(+$35), its cash from $"),
        "{terms}"
    );
    // The group stays open for the next clause, and the focus is on the harmless choice.
    page.until("return document.activeElement.textContent === '1. withdraw the draft'")
        .await;
    assert_eq!(
        page.script("return [...document.querySelectorAll('#choices details')].filter(d => d.open).map(d => d.querySelector('summary').textContent.split(':')[0])")
            .await,
        json!(["add a payment you make"])
    );
    // Send it: the bot answers, and the answer is in the log.
    let logged = page
        .script("return document.querySelectorAll('#log li').length")
        .await;
    assert!(page.click("#choices button[aria-keyshortcuts='2']").await);
    page.until(&format!(
        "return [...document.querySelectorAll('#log li')].slice({logged}).some(l => /seat 2: (accept|refuse|counter) your package/.test(l.textContent))"
    ))
    .await;
    page.close().await;
    std::fs::remove_dir_all(&dir).unwrap();
}

/// "Pass until I am asked": on a chance to speak in the bot's turn, one click lets every
/// such chance go by, and the page stops at the next decision that asks something of the
/// person (her own window, or an offer to answer), with the button hidden there.
#[tokio::test]
async fn one_click_passes_the_chances_to_speak_until_the_person_is_asked_in_chromium() {
    let Some((driver, base, dir)) = chromium_and_server("passing").await else {
        return;
    };
    let page = against_a_bot(&driver, &base).await;
    let button = "document.getElementById('pass-until-asked')";
    click_first_until(&page, &format!("!{button}.hidden")).await;
    let logged = page
        .script("return document.querySelectorAll('#log li').length")
        .await;
    assert!(page.click("#pass-until-asked").await);
    // The bot's next turn opens the floor to her before its roll: that chance, and any
    // other, passes by itself; the page stops only where she is asked.
    page.until(&format!(
        "return document.querySelectorAll('#log li').length > {logged} + 2 \
         && document.querySelectorAll('#choices button').length > 0 && {button}.hidden"
    ))
    .await;
    page.close().await;
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The move clock from the home page to the table: a clock typed on the new-table form, a
/// countdown by the seat that must move on its page, which ticks, and the clock in the list
/// of tables.
#[tokio::test]
async fn a_move_clock_set_on_the_form_counts_down_for_the_seat_to_move_in_chromium() {
    let Some((driver, base, dir)) = chromium_and_server("clock").await else {
        return;
    };
    let page = driver.browser(1200).await;
    page.open(&format!("{base}/")).await;
    page.until("return document.querySelectorAll('#game option').length === 4")
        .await;
    // Osbo, a person against the default bot, 45 s a decision.
    page.script(
        "const game = document.getElementById('game'); game.value = 'osbo'; \
         game.dispatchEvent(new Event('change')); \
         document.getElementById('clock').value = '45';",
    )
    .await;
    assert!(page.click("#new-table button[type=submit]").await);
    page.until("return document.querySelector('#links a') !== null")
        .await;
    page.until(
        "return [...document.querySelectorAll('#tables td')].some(td => td.textContent === '45 s')",
    )
    .await;
    let link = page
        .script("return document.querySelector('#links a').href")
        .await;
    page.open(link.as_str().unwrap()).await;
    let shown = "document.getElementById('clock').textContent";
    page.until(&format!(
        "return /^· you have ([1-9]|[1-3][0-9]|4[0-5]) s left$/.test({shown})"
    ))
    .await;
    let first = page.text("clock").await;
    page.until(&format!(
        "return {shown} !== '{first}' && {shown}.startsWith('· you have')"
    ))
    .await;
    page.close().await;
    std::fs::remove_dir_all(&dir).unwrap();
}
