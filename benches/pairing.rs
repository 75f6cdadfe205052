//! Swiss pairing time for 64, 512 and 4,096 players at round 6: each field plays five rounds
//! paired by the engine, with seeded random results, drops and byes, before round 6 is timed.

use std::cmp::Reverse;
use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use holonet::rules::pairing::score_groups::pair_round;
use holonet::rules::pairing::swiss::{Entrant, PairedRound};
use holonet::rules::random::Stream;

/// Points for one match (two games at 3 for a win, 1 for a draw); each result appears both
/// ways round, so the first player need not be chosen at random.
const RESULTS: [(u32, u32); 6] = [(6, 0), (4, 1), (3, 3), (1, 4), (0, 6), (2, 2)];

/// Points for a bye: both games won.
const BYE_POINTS: u32 = 6;

/// The state of a simulated event between rounds.
struct Event {
    points: Vec<u32>,
    opponents: Vec<Vec<usize>>,
    had_bye: Vec<bool>,
    active: Vec<bool>,
}

impl Event {
    fn new(players: usize) -> Event {
        Event {
            points: vec![0; players],
            opponents: vec![Vec::new(); players],
            had_bye: vec![false; players],
            active: vec![true; players],
        }
    }

    /// The players still in, ranked by points (ties by player index, standing in for the
    /// tiebreakers).
    fn entrants(&self) -> Vec<Entrant> {
        let mut players: Vec<usize> = (0..self.points.len()).filter(|&p| self.active[p]).collect();
        players.sort_by_key(|&p| (Reverse(self.points[p]), p));
        players
            .into_iter()
            .enumerate()
            .map(|(rank, p)| Entrant {
                player: p,
                points: self.points[p],
                rank,
                had_bye: self.had_bye[p],
                opponents: self.opponents[p].clone(),
                avoid: Vec::new(),
            })
            .collect()
    }

    /// Records random results for a paired round, then drops about one player in fifty.
    fn play(&mut self, round: &PairedRound, results: &mut Stream) {
        for table in &round.tables {
            let [a, b] = table.players;
            let (pa, pb) = RESULTS[results.below(RESULTS.len() as u64) as usize];
            self.points[a] += pa;
            self.points[b] += pb;
            self.opponents[a].push(b);
            self.opponents[b].push(a);
        }
        if let Some(bye) = round.bye {
            self.points[bye.player] += BYE_POINTS;
            self.had_bye[bye.player] = true;
        }
        for active in &mut self.active {
            if *active && results.below(50) == 0 {
                *active = false;
            }
        }
    }
}

const SEED: u64 = 2018;

/// The entrants of round 6 of an event of `players`, after five rounds paired by the engine.
fn round_six(players: usize) -> Vec<Entrant> {
    let mut event = Event::new(players);
    let mut results = Stream::new(SEED, &format!("bench results {players}"));
    for round in 1..=5 {
        let paired = pair_round(SEED, round, &event.entrants());
        event.play(&paired, &mut results);
    }
    event.entrants()
}

fn pairing(c: &mut Criterion) {
    let mut group = c.benchmark_group("pair_round 6");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    for players in [64, 512, 4096] {
        let entrants = round_six(players);
        group.bench_with_input(
            BenchmarkId::from_parameter(players),
            &entrants,
            |b, entrants| b.iter(|| pair_round(black_box(SEED), 6, black_box(entrants))),
        );
    }
    group.finish();
}

criterion_group!(benches, pairing);
criterion_main!(benches);
