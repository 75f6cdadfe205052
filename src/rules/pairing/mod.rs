//! Pairing engines for Swiss rounds. The two FFG rule sets pair matches by score group:
//! [`score_groups`] (2018, at random within score groups) and [`halves`] (2014, in halves by
//! player number). They speak one language, [`swiss`]: the entrant, the paired round, why each
//! table was paired and who got the bye, and the rules the two engines share. [`matching`] is
//! the minimum-cost matching both solve with.
//!
//! The SW:CCG guide pairs single games by allegiance ([`crate::rules::swccg::pairing`]). What
//! every pairing of the crate shares is here: an entrant listed twice counts once, entrants are
//! taken in standings order, and the bye after the first round goes to the lowest-ranked player
//! who has not had one ([`bye_taker`]).

pub(crate) mod halves;
pub(crate) mod matching;
pub mod score_groups;
pub mod swiss;

/// The entrants in standings order, `(rank, player)`, each player once: an entrant listed twice
/// counts once, with its first entry.
pub(crate) fn in_standings_order<T>(
    entrants: &[T],
    player: impl Fn(&T) -> usize,
    rank: impl Fn(&T) -> usize,
) -> Vec<&T> {
    let mut firsts: Vec<usize> = (0..entrants.len()).collect();
    firsts.sort_by_key(|&i| (player(&entrants[i]), i));
    firsts.dedup_by_key(|i| player(&entrants[*i]));
    let mut list: Vec<&T> = firsts.iter().map(|&i| &entrants[i]).collect();
    list.sort_by_key(|e| (rank(e), player(e)));
    list
}

/// The player [`bye_taker`] chose.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ByeTaker {
    /// Position in the standings given.
    pub(crate) index: usize,
    /// Every player had had a bye already: the lowest-ranked takes another.
    pub(crate) all_had_byes: bool,
}

/// Who takes a bye among players in standings order (best first): the lowest-ranked player who
/// has not had a bye; when every one has, the lowest-ranked. `None` when there is nobody.
///
/// The 2018 regulations state this rule for rounds after the first; the 2014 engine follows
/// them where its document is silent, and the SW:CCG guide states it for its piles ("if they
/// already had a bye, the next lowest"). Each engine names the choice in its own words
/// ([`swiss::ByeReason`], [`crate::rules::swccg::pairing::ByeReason`]).
pub(crate) fn bye_taker<T>(standings: &[T], had_bye: impl Fn(&T) -> bool) -> Option<ByeTaker> {
    let last = standings.len().checked_sub(1)?;
    Some(match standings.iter().rposition(|e| !had_bye(e)) {
        Some(index) => ByeTaker {
            index,
            all_had_byes: false,
        },
        None => ByeTaker {
            index: last,
            all_had_byes: true,
        },
    })
}

/// Every pairing of `players`, by brute force: what the engines' tests check a best pairing
/// against.
#[cfg(test)]
fn all_pairings(players: &[usize], visit: &mut impl FnMut(&[[usize; 2]])) {
    fn go(rest: &[usize], tables: &mut Vec<[usize; 2]>, visit: &mut impl FnMut(&[[usize; 2]])) {
        let Some((&first, others)) = rest.split_first() else {
            visit(tables);
            return;
        };
        for k in 0..others.len() {
            let mut remaining = others.to_vec();
            let partner = remaining.remove(k);
            tables.push([first, partner]);
            go(&remaining, tables, visit);
            tables.pop();
        }
    }
    go(players, &mut Vec::new(), visit);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standings_order_keeps_the_first_entry_of_each_player() {
        // (player, rank, tag)
        let entrants = [
            (3, 0, 'a'),
            (1, 2, 'b'),
            (3, 5, 'c'),
            (2, 2, 'd'),
            (1, 0, 'e'),
        ];
        let order: Vec<char> = in_standings_order(&entrants, |e| e.0, |e| e.1)
            .iter()
            .map(|e| e.2)
            .collect();
        assert_eq!(order, ['a', 'b', 'd']);
    }

    #[test]
    fn the_bye_goes_to_the_lowest_without_one() {
        let taker = |had: &[bool]| bye_taker(had, |&h| h);
        assert_eq!(taker(&[]), None);
        assert_eq!(
            taker(&[false, false, true]),
            Some(ByeTaker {
                index: 1,
                all_had_byes: false
            })
        );
        assert_eq!(
            taker(&[false, false]),
            Some(ByeTaker {
                index: 1,
                all_had_byes: false
            })
        );
        assert_eq!(
            taker(&[true, true]),
            Some(ByeTaker {
                index: 1,
                all_had_byes: true
            })
        );
    }
}
