//! Values kept in memory in postcard's encoding, some deflated, and decoded each time they are
//! read. A build keeps, for every event of the archive, the event itself and its share of the
//! archive-wide pages; decoded, their strings, lists and maps take five to ten times the bytes
//! of their encoding, which would make a build's memory grow with the archive by hundreds of
//! kilobytes an event. The encoding repeats names, addresses and keys, which deflate's fastest
//! level halves again, for the values read a few times a build. Decoding is cheap beside
//! rendering a page from what was decoded.

use std::marker::PhantomData;

use serde::Serialize;
use serde::de::DeserializeOwned;

/// Deflate's fastest level: at the next one, encoding takes twice as long for a few percent.
const FASTEST: u8 = 1;

/// A `T`, encoded.
pub struct Encoded<T> {
    bytes: Box<[u8]>,
    /// Whether `bytes` are deflated ([`Encoded::deflated`]).
    deflated: bool,
    of: PhantomData<fn() -> T>,
}

impl<T: Serialize + DeserializeOwned> Encoded<T> {
    /// `value`, encoded: for a value read once or twice a build.
    pub fn new(value: &T) -> Self {
        Encoded {
            bytes: encode(value).into_boxed_slice(),
            deflated: false,
            of: PhantomData,
        }
    }

    /// `value`, encoded and deflated: half the memory of [`Encoded::new`]'s, for a value read
    /// a few times a build; a value read by every batch of pages (a person's rows, the
    /// meetings) would spend more time inflating than the memory is worth.
    pub fn deflated(value: &T) -> Self {
        Encoded {
            bytes: miniz_oxide::deflate::compress_to_vec(&encode(value), FASTEST)
                .into_boxed_slice(),
            deflated: true,
            of: PhantomData,
        }
    }

    /// The value, decoded.
    pub fn open(&self) -> T {
        self.try_open()
            .expect("a value encoded by this program decodes")
    }

    /// The value, decoded; `None` when the bytes are not a `T` this program encoded (those of
    /// [`Encoded::from_deflated`], read from a file).
    pub fn try_open(&self) -> Option<T> {
        if self.deflated {
            let inflated = miniz_oxide::inflate::decompress_to_vec(&self.bytes).ok()?;
            postcard::from_bytes(&inflated).ok()
        } else {
            postcard::from_bytes(&self.bytes).ok()
        }
    }

    /// The bytes of a value encoded by [`Encoded::deflated`], given back by
    /// [`Encoded::deflated_bytes`] (kept in a file, say): read them with [`Encoded::try_open`].
    pub fn from_deflated(bytes: Box<[u8]>) -> Self {
        Encoded {
            bytes,
            deflated: true,
            of: PhantomData,
        }
    }

    /// The bytes of a value encoded by [`Encoded::deflated`], for [`Encoded::from_deflated`].
    pub fn deflated_bytes(&self) -> Option<&[u8]> {
        self.deflated.then_some(&*self.bytes)
    }
}

fn encode<T: Serialize>(value: &T) -> Vec<u8> {
    postcard::to_stdvec(value).expect("a value of strings, numbers, lists and maps encodes")
}

impl<T> Clone for Encoded<T> {
    fn clone(&self) -> Self {
        Encoded {
            bytes: self.bytes.clone(),
            deflated: self.deflated,
            of: PhantomData,
        }
    }
}

/// The encoding's length and XXH3-128: equal values have equal encodings, so two values with
/// the same `Debug` text are the same (what the fingerprints of contributions rely on), and
/// writing it costs a hash, not the value spelled out.
impl<T> std::fmt::Debug for Encoded<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let hash = xxhash_rust::xxh3::xxh3_128(&self.bytes);
        write!(f, "Encoded({} bytes, {hash:032x})", self.bytes.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    #[test]
    fn a_value_opens_as_it_was_encoded_and_equal_values_print_alike() {
        let value: BTreeMap<String, Vec<Option<u32>>> = [
            ("a".to_string(), vec![Some(1), None]),
            ("b".to_string(), vec![]),
        ]
        .into();
        let other: BTreeMap<String, Vec<Option<u32>>> = [("a".to_string(), vec![Some(2)])].into();
        for encode in [Encoded::new, Encoded::deflated] {
            let encoded = encode(&value);
            assert_eq!(encoded.open(), value);
            assert_eq!(encoded.clone().open(), value);
            assert_eq!(
                format!("{encoded:?}"),
                format!("{:?}", encode(&value.clone()))
            );
            assert_ne!(format!("{encoded:?}"), format!("{:?}", encode(&other)));
        }
    }

    #[test]
    fn deflating_halves_a_value_of_repeated_names() {
        let value: Vec<String> = (0..200)
            .map(|i| format!("/events/2026/kessel-run-open/decks/#deck-player-{}", i % 40))
            .collect();
        let (plain, deflated) = (Encoded::new(&value), Encoded::deflated(&value));
        assert_eq!(deflated.open(), value);
        assert!(
            deflated.bytes.len() * 2 < plain.bytes.len(),
            "{} of {}",
            deflated.bytes.len(),
            plain.bytes.len()
        );
    }
}
