//! Tic-tac-toe solved through the dense path and stored (`nimber_engine::store`), wins without
//! their remoteness (`Derived::Wins`): every reachable position reads back (`probe::outcome`)
//! with the outcome memo search gives it, unreachable slots read as none, and a copy of the file
//! with any one byte damaged either is refused or reads every slot right or as an error (never a
//! wrong value).

use nimber_engine::solve::memo;
use nimber_engine::store::{self, probe, Derived, Entry, Store};
use nimber_engine::table::{dense, Indexed};
use nimber_engine::{Error, Game, Notation, Outcome, Silent, Value};
use nimber_games::tictactoe::TicTacToe;

fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("nimber-games-store-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn tictactoe_round_trip_and_every_one_byte_damage() {
    let game = TicTacToe;
    let solved = dense::solve(&game, None, &Silent).unwrap();
    let path = temp("tictactoe.db");
    let scheme = game.index_scheme();
    let rules = nimber_engine::table::rules_fingerprint(&game);
    let id = nimber_engine::GameId::new("tictactoe", Vec::new());
    let identity =
        store::Subject { id: &id, scheme: &scheme, size: game.size(), rules, derived: Derived::Wins };
    store::write(&path, &identity, &solved, &Silent).unwrap();
    let db = Store::open(&path).unwrap();
    assert_eq!(db.header().positions, 5478);
    assert_eq!(db.header().counts, solved.counts());

    let memo = memo::solve(&game, &[game.start()], &Silent).unwrap();
    assert_eq!(memo.len(), 5478);
    for (p, o) in memo.iter() {
        assert_eq!(probe::outcome(&game, &db, p).unwrap(), Some(o), "{}", game.format(p));
    }
    let entry =
        |o: Option<Outcome>| o.map(|o| if o.value() == Value::Win { Entry::Win } else { Entry::Outcome(o) });
    let want: Vec<_> = (0..game.size()).map(|s| entry(solved.get_slot(s))).collect();
    let got: Vec<_> = (0..game.size()).map(|s| db.entry(s).unwrap()).collect();
    assert_eq!(got, want);
    assert_eq!(got.iter().filter(|o| o.is_some()).count(), 5478);

    // Every byte of the file flipped in turn.
    let good = std::fs::read(&path).unwrap();
    let copy = temp("tictactoe-damaged.db");
    let (mut refused, mut block_errors, mut harmless) = (0, 0, 0);
    for at in 0..good.len() {
        let mut bytes = good.clone();
        bytes[at] ^= 0xa5;
        std::fs::write(&copy, &bytes).unwrap();
        let db = match Store::open(&copy) {
            Ok(db) => db,
            Err(Error::Corrupt { .. }) => {
                refused += 1;
                continue;
            }
            Err(e) => panic!("byte {at}: {e}"),
        };
        match (0..game.size()).map(|s| db.entry(s)).collect::<Result<Vec<_>, _>>() {
            Ok(read) => {
                assert_eq!(read, want, "byte {at} damaged, values read wrong");
                harmless += 1;
            }
            Err(Error::Corrupt { .. }) => block_errors += 1,
            Err(e) => panic!("byte {at}: {e}"),
        }
    }
    eprintln!(
        "tictactoe store: {} bytes; one byte damaged: {refused} refused at open, {block_errors} block errors, \
         {harmless} read right",
        good.len()
    );
    assert_eq!(refused + block_errors + harmless, good.len());
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}
