//! What `serve --self-report` counts so that no one on the venue's network can guess a code,
//! fill the organizer's memory or flood their terminal, however many devices or requests they
//! use. Every count is keyed on what the site itself knows (an event file as loaded, a step it
//! is playing, a registered player), never on a string as a device sent it, and every map is
//! bounded:
//!
//! - **Per device** (an address on the network), per event and per step:
//!   [`REPORTS_PER_ROUND`] reports and [`WRONG_CODES_PER_ROUND`] wrong codes; past either, its
//!   reports are refused until the event's next step. At most [`DEVICES`] devices are
//!   remembered; the one heard from longest ago is forgotten first (the per-player count below
//!   is what bounds guessing, whatever a device's count).
//! - **Per player**, per step, from every device together: [`WRONG_CODES_PER_PLAYER`] wrong
//!   codes sent in their name; past that, reports in their name are refused until the next
//!   step and the organizer takes that table's result. Players are those of the site's events,
//!   so this map is bounded by the site.
//! - A code being checked counts as wrong until it is known, so requests sent all at once get
//!   no more tries than requests sent one after another.
//! - **The terminal**: a refused report is told in at most one line per device per second;
//!   the lines left out are counted in the next one.
//!
//! Everything here is given the moment it acts on, so that tests count rather than time.

use std::collections::HashMap;
use std::net::IpAddr;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::edit::self_report::Stage;
pub use crate::edit::self_report::WRONG_CODES_PER_PLAYER;

/// Reports one device may send in one round: a player sends one or two, a shared tablet at the
/// venue a table's worth.
pub const REPORTS_PER_ROUND: u32 = 30;

/// Wrong codes one device may send in one round: enough for typos.
pub const WRONG_CODES_PER_ROUND: u32 = 5;

/// Devices remembered at once.
pub const DEVICES: usize = 4096;

/// A refused report is told at most this often per device.
const SAY_EVERY: Duration = Duration::from_secs(1);

/// A step of an event: the event file (as loaded) and the round or game.
type Step = (Stage, u32);

/// The counts, under the desk's lock.
#[derive(Default)]
pub(crate) struct Guard {
    devices: HashMap<(IpAddr, PathBuf), DeviceCount>,
    players: HashMap<(PathBuf, String), PlayerCount>,
    said: HashMap<IpAddr, Said>,
    /// Ticks up with every use, to forget the device heard from longest ago.
    clock: u64,
}

struct DeviceCount {
    step: Option<Step>,
    sent: u32,
    wrong: u32,
    /// Codes of its reports being checked right now, each counted as wrong until it is known:
    /// many requests at once get no more tries than one after the other.
    checking: u32,
    used: u64,
}

struct PlayerCount {
    step: Step,
    wrong: u32,
    /// Codes sent in the player's name being checked right now (see [`DeviceCount`]).
    checking: u32,
}

/// Why a report is refused before its code is checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Over {
    /// The device sent too many reports, or wrong codes, in this step.
    Device,
    /// Too many wrong codes were sent in the player's name in this step.
    Player,
}

struct Said {
    at: Instant,
    left_out: u32,
}

impl Guard {
    /// Whether `device` is over its share for `step` of `event`, as far as is known before the
    /// event is read (`step` as the form names it).
    pub(crate) fn device_over(&self, device: IpAddr, event: &Path, step: Step) -> bool {
        self.devices
            .get(&(device, event.to_path_buf()))
            .is_some_and(|count| count.step == Some(step) && count.is_over())
    }

    /// Counts a report from `device` for `event`, whose step taking reports is `step` (none: the
    /// report named no step being played). `false`, and nothing counted, when the device is
    /// over its share.
    pub(crate) fn count_report(
        &mut self,
        device: IpAddr,
        event: &Path,
        step: Option<Step>,
    ) -> bool {
        self.clock += 1;
        let used = self.clock;
        if !self.devices.contains_key(&(device, event.to_path_buf())) {
            self.forget_a_device_if_full();
        }
        let count = self
            .devices
            .entry((device, event.to_path_buf()))
            .or_insert(DeviceCount {
                step,
                sent: 0,
                wrong: 0,
                checking: 0,
                used,
            });
        count.used = used;
        // A new step of the event is a new share; a report for no step changes nothing.
        if step.is_some() && count.step != step {
            *count = DeviceCount {
                step,
                sent: 0,
                wrong: 0,
                checking: 0,
                used,
            };
        }
        if count.is_over() {
            return false;
        }
        count.sent += 1;
        true
    }

    /// Lets the code of a report in `player`'s name for `step` of `event`, from `device` (none:
    /// this computer, which has no share of its own), be checked: refused when the device has
    /// had its wrong codes this step, or the player's name has, counting the codes being checked
    /// now as wrong. Each code let through is ended with [`Guard::end_code_check`].
    pub(crate) fn start_code_check(
        &mut self,
        device: Option<IpAddr>,
        event: &Path,
        step: Step,
        player: &str,
    ) -> Result<(), Over> {
        let count = self
            .players
            .entry((event.to_path_buf(), player.to_string()))
            .or_insert(PlayerCount {
                step,
                wrong: 0,
                checking: 0,
            });
        if count.step != step {
            *count = PlayerCount {
                step,
                wrong: 0,
                checking: 0,
            };
        }
        if count.wrong + count.checking >= WRONG_CODES_PER_PLAYER {
            return Err(Over::Player);
        }
        let on_device = device.and_then(|d| self.devices.get_mut(&(d, event.to_path_buf())));
        if let Some(on_device) = on_device {
            if on_device.wrong + on_device.checking >= WRONG_CODES_PER_ROUND {
                return Err(Over::Device);
            }
            on_device.checking += 1;
        }
        if let Some(count) = self
            .players
            .get_mut(&(event.to_path_buf(), player.to_string()))
        {
            count.checking += 1;
        }
        Ok(())
    }

    /// Ends a code check begun with [`Guard::start_code_check`]: `wrong` when the code was not
    /// the player's. `true` when this wrong code took the player's name to the limit (to tell
    /// the organizer once).
    pub(crate) fn end_code_check(
        &mut self,
        device: Option<IpAddr>,
        event: &Path,
        step: Step,
        player: &str,
        wrong: bool,
    ) -> bool {
        if let Some(on_device) =
            device.and_then(|d| self.devices.get_mut(&(d, event.to_path_buf())))
            && on_device.step == Some(step)
        {
            on_device.checking = on_device.checking.saturating_sub(1);
            on_device.wrong += u32::from(wrong);
        }
        match self
            .players
            .get_mut(&(event.to_path_buf(), player.to_string()))
        {
            Some(count) if count.step == step => {
                count.checking = count.checking.saturating_sub(1);
                count.wrong += u32::from(wrong);
                wrong && count.wrong == WRONG_CODES_PER_PLAYER
            }
            _ => false,
        }
    }

    /// Whether a refusal from `device` at `now` is told in the terminal; when it is, how many
    /// were left out since the last one told (`Some(0)`: none).
    pub(crate) fn may_say(&mut self, device: IpAddr, now: Instant) -> Option<u32> {
        if let Some(said) = self.said.get_mut(&device) {
            if now.saturating_duration_since(said.at) < SAY_EVERY {
                said.left_out = said.left_out.saturating_add(1);
                return None;
            }
            let left_out = said.left_out;
            *said = Said {
                at: now,
                left_out: 0,
            };
            return Some(left_out);
        }
        if self.said.len() >= DEVICES {
            self.said
                .retain(|_, said| now.saturating_duration_since(said.at) < SAY_EVERY);
            if self.said.len() >= DEVICES {
                // Thousands of devices refused within the second: the rest wait their turn.
                return None;
            }
        }
        self.said.insert(
            device,
            Said {
                at: now,
                left_out: 0,
            },
        );
        Some(0)
    }

    /// Makes room for one more device when [`DEVICES`] are remembered.
    fn forget_a_device_if_full(&mut self) {
        if self.devices.len() < DEVICES {
            return;
        }
        if let Some(oldest) = self
            .devices
            .iter()
            .min_by_key(|(_, count)| count.used)
            .map(|(key, _)| key.clone())
        {
            self.devices.remove(&oldest);
        }
    }

    /// How many devices and players are remembered (for tests of the bounds).
    #[cfg(test)]
    fn remembered(&self) -> (usize, usize, usize) {
        (self.devices.len(), self.players.len(), self.said.len())
    }
}

impl DeviceCount {
    fn is_over(&self) -> bool {
        self.sent >= REPORTS_PER_ROUND || self.wrong >= WRONG_CODES_PER_ROUND
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::Ipv4Addr;

    const EVENT: &str = "events/2026/cup.toml";
    const ROUND_1: Step = (Stage::Round, 1);
    const ROUND_2: Step = (Stage::Round, 2);

    fn phone(n: u32) -> IpAddr {
        IpAddr::V4(Ipv4Addr::from(0x0a00_0000 + n))
    }

    /// A report whose code is checked, wrong (`true`) or right.
    fn checked(
        guard: &mut Guard,
        device: IpAddr,
        step: Step,
        player: &str,
        wrong: bool,
    ) -> Result<bool, Over> {
        let event = Path::new(EVENT);
        guard.start_code_check(Some(device), event, step, player)?;
        Ok(guard.end_code_check(Some(device), event, step, player, wrong))
    }

    #[test]
    fn a_device_gets_a_few_wrong_codes_per_round_and_a_fresh_share_next_round() {
        let mut guard = Guard::default();
        let event = Path::new(EVENT);
        for _ in 0..WRONG_CODES_PER_ROUND {
            assert!(guard.count_report(phone(1), event, Some(ROUND_1)));
            checked(&mut guard, phone(1), ROUND_1, "ann", true).expect("checked");
        }
        assert!(guard.device_over(phone(1), event, ROUND_1));
        assert!(!guard.count_report(phone(1), event, Some(ROUND_1)));
        // A report naming no step being played resets nothing.
        assert!(!guard.count_report(phone(1), event, None));
        assert!(
            !guard.device_over(phone(2), event, ROUND_1),
            "another device"
        );
        assert!(guard.count_report(phone(1), event, Some(ROUND_2)));
        assert_eq!(
            checked(&mut guard, phone(1), ROUND_2, "ann", true),
            Ok(false)
        );
    }

    #[test]
    fn wrong_codes_in_one_players_name_are_bounded_across_every_device() {
        let mut guard = Guard::default();
        let event = Path::new(EVENT);
        let mut reached = 0;
        for n in 0..WRONG_CODES_PER_PLAYER {
            assert!(guard.count_report(phone(n), event, Some(ROUND_1)));
            reached +=
                u32::from(checked(&mut guard, phone(n), ROUND_1, "ann", true).expect("checked"));
        }
        assert_eq!(reached, 1, "the organizer is told once");
        assert!(guard.count_report(phone(99), event, Some(ROUND_1)));
        assert_eq!(
            checked(&mut guard, phone(99), ROUND_1, "ann", false),
            Err(Over::Player)
        );
        assert_eq!(
            checked(&mut guard, phone(99), ROUND_1, "bo", false),
            Ok(false),
            "another player"
        );
        assert_eq!(
            checked(&mut guard, phone(99), ROUND_2, "ann", false),
            Ok(false),
            "the next round"
        );
        // This computer's wrong codes count for the player too.
        guard
            .start_code_check(None, event, ROUND_2, "bo")
            .expect("checked");
        guard.end_code_check(None, event, ROUND_2, "bo", true);
        assert_eq!(guard.players[&(event.to_path_buf(), "bo".into())].wrong, 1);
    }

    /// Codes checked at the same moment count as wrong until they are known: a flood of
    /// requests at once gets no more tries than the limit, and a right code gives its try back.
    #[test]
    fn codes_checked_at_once_get_no_more_tries_than_one_after_another() {
        let mut guard = Guard::default();
        let event = Path::new(EVENT);
        let started = (0..100)
            .filter(|&n| {
                guard.count_report(phone(n), event, Some(ROUND_1));
                guard
                    .start_code_check(Some(phone(n)), event, ROUND_1, "ann")
                    .is_ok()
            })
            .count();
        assert_eq!(started, WRONG_CODES_PER_PLAYER as usize);
        guard.end_code_check(Some(phone(0)), event, ROUND_1, "ann", false);
        assert!(
            guard
                .start_code_check(Some(phone(0)), event, ROUND_1, "ann")
                .is_ok()
        );
    }

    #[test]
    fn the_devices_remembered_are_bounded() {
        let mut guard = Guard::default();
        let event = Path::new(EVENT);
        let many = u32::try_from(DEVICES).unwrap() + 500;
        for n in 0..many {
            guard.count_report(phone(n), event, Some(ROUND_1));
        }
        assert_eq!(guard.remembered().0, DEVICES);
        // The device heard from longest ago went first; the latest is still counted.
        assert!(!guard.devices.contains_key(&(phone(0), event.to_path_buf())));
        assert!(
            guard
                .devices
                .contains_key(&(phone(many - 1), event.to_path_buf()))
        );
    }

    #[test]
    fn a_device_is_told_in_the_terminal_at_most_once_a_second() {
        let mut guard = Guard::default();
        let start = Instant::now();
        assert_eq!(guard.may_say(phone(1), start), Some(0));
        for _ in 0..1000 {
            assert_eq!(guard.may_say(phone(1), start), None);
        }
        assert_eq!(guard.may_say(phone(2), start), Some(0), "another device");
        assert_eq!(guard.may_say(phone(1), start + SAY_EVERY), Some(1000));
        assert_eq!(guard.may_say(phone(1), start + SAY_EVERY * 2), Some(0));
        for n in 0..u32::try_from(DEVICES).unwrap() * 2 {
            guard.may_say(phone(n), start + SAY_EVERY * 3);
        }
        assert!(guard.remembered().2 <= DEVICES);
    }
}
