//! Values kept in memory in postcard's encoding, some deflated, and decoded each time they are
//! read. A build keeps, for every event of the archive, the event itself and its share of the
//! archive-wide pages; decoded, their strings, lists and maps take five to ten times the bytes
//! of their encoding, which would make a build's memory grow with the archive by hundreds of
//! kilobytes an event. The encoding repeats names, addresses and keys, which deflate's fastest
//! level halves again, for the values read a few times a build. Decoding is cheap beside
//! rendering a page from what was decoded.

use std::cell::RefCell;
use std::marker::PhantomData;

use miniz_oxide::deflate::core::{
    CompressorOxide, TDEFLFlush, TDEFLStatus, compress, create_comp_flags_from_zip_params,
};

use rayon::prelude::*;
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
            bytes: deflate(&encode(value)).into_boxed_slice(),
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

/// How many values [`each_decoded`] decodes at once: enough to keep every thread busy, few
/// enough that the decoded values never hold much memory.
const DECODED_AHEAD: usize = 32;

/// Gives `take` each of `items` decoded by `decode`, in order, on the calling thread, while
/// the next few are decoded on every thread: for work that must take values one after the
/// other (a rating reads the events' games in date order) and would otherwise decode them on
/// one thread only. Only a few decoded values are held at a time, however many `items` there
/// are.
pub(crate) fn each_decoded<T: Sync, U: Send>(
    items: &[T],
    decode: impl Fn(&T) -> U + Sync,
    mut take: impl FnMut(U) + Send,
) {
    let decode_run = |run: &[T]| -> Vec<U> { run.par_iter().map(&decode).collect() };
    let mut runs = items.chunks(DECODED_AHEAD);
    let mut decoded = runs.next().map(decode_run).unwrap_or_default();
    loop {
        let next = runs.next();
        let (ahead, ()) = rayon::join(
            || next.map(decode_run),
            || decoded.drain(..).for_each(&mut take),
        );
        match ahead {
            Some(ahead) => decoded = ahead,
            None => return,
        }
    }
}

thread_local! {
    /// Each thread's deflater, made once and reset for each value: a new one is about 300 KB
    /// of tables to allocate and clear, more than deflating a typical value takes.
    static DEFLATER: RefCell<Option<Box<CompressorOxide>>> = const { RefCell::new(None) };
}

/// `bytes`, deflated at [`FASTEST`] (raw deflate, as `miniz_oxide::deflate::compress_to_vec`
/// makes it, byte for byte).
fn deflate(bytes: &[u8]) -> Vec<u8> {
    DEFLATER.with_borrow_mut(|deflater| {
        let deflater = deflater.get_or_insert_with(|| {
            let flags = create_comp_flags_from_zip_params(FASTEST.into(), 0, 0);
            Box::new(CompressorOxide::new(flags))
        });
        deflater.reset();
        let mut output = vec![0; (bytes.len() / 2).max(2)];
        let (mut input, mut written) = (bytes, 0);
        loop {
            let (status, read, wrote) =
                compress(deflater, input, &mut output[written..], TDEFLFlush::Finish);
            written += wrote;
            input = &input[read..];
            match status {
                TDEFLStatus::Done => {
                    output.truncate(written);
                    return output;
                }
                TDEFLStatus::Okay if output.len() - written < 30 => {
                    output.resize(output.len() * 2, 0);
                }
                TDEFLStatus::Okay => {}
                failed => unreachable!("deflating into memory cannot fail: {failed:?}"),
            }
        }
    })
}

fn encode<T: Serialize>(value: &T) -> Vec<u8> {
    postcard::to_stdvec(value).expect("a value of strings, numbers, lists and maps encodes")
}

/// An encoded value is written as its bytes and whether they are deflated, so that a value
/// holding encoded parts (an event's shares, in the event cache) keeps them as they are. The
/// bytes go as serde's bytes, which postcard writes exactly as a list of numbers (a length, then
/// the bytes) but reads in one copy rather than a number at a time.
impl<T> Serialize for Encoded<T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        (self.deflated, AsBytes(&self.bytes)).serialize(serializer)
    }
}

impl<'de, T> serde::Deserialize<'de> for Encoded<T> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let (deflated, ByteBuf(bytes)): (bool, ByteBuf) =
            serde::Deserialize::deserialize(deserializer)?;
        Ok(Encoded {
            bytes: bytes.into_boxed_slice(),
            deflated,
            of: PhantomData,
        })
    }
}

/// Bytes serialized as serde's bytes.
struct AsBytes<'a>(&'a [u8]);

impl Serialize for AsBytes<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bytes(self.0)
    }
}

/// Bytes deserialized from serde's bytes, or from a list of numbers (how a format without
/// bytes, JSON, writes them).
struct ByteBuf(Vec<u8>);

impl<'de> serde::Deserialize<'de> for ByteBuf {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = ByteBuf;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("bytes")
            }
            fn visit_bytes<E: serde::de::Error>(self, bytes: &[u8]) -> Result<ByteBuf, E> {
                Ok(ByteBuf(bytes.to_vec()))
            }
            fn visit_byte_buf<E: serde::de::Error>(self, bytes: Vec<u8>) -> Result<ByteBuf, E> {
                Ok(ByteBuf(bytes))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<ByteBuf, A::Error> {
                let mut bytes = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(1 << 20));
                while let Some(byte) = seq.next_element()? {
                    bytes.push(byte);
                }
                Ok(ByteBuf(bytes))
            }
        }
        deserializer.deserialize_byte_buf(Visitor)
    }
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
    fn an_encoded_value_is_written_as_a_list_of_its_bytes_was_and_reads_back_from_either() {
        let value: Vec<String> = vec!["kessel".to_string(); 30];
        for encoded in [Encoded::new(&value), Encoded::deflated(&value)] {
            let as_list =
                postcard::to_stdvec(&(encoded.deflated, encoded.bytes.to_vec())).expect("encodes");
            // Entries written before bytes went as bytes read the same.
            assert_eq!(postcard::to_stdvec(&encoded).expect("encodes"), as_list);
            let read: Encoded<Vec<String>> = postcard::from_bytes(&as_list).expect("decodes");
            assert_eq!(read.open(), value);
            let json = serde_json::to_string(&encoded).expect("serializes");
            let read: Encoded<Vec<String>> = serde_json::from_str(&json).expect("reads");
            assert_eq!(read.open(), value);
        }
    }

    #[test]
    fn each_value_is_taken_once_in_order_while_the_next_are_decoded() {
        for count in [
            0,
            1,
            DECODED_AHEAD - 1,
            DECODED_AHEAD,
            3 * DECODED_AHEAD + 5,
        ] {
            let items: Vec<u32> = (0..count).map(|i| i as u32).collect();
            let mut taken = Vec::new();
            each_decoded(&items, |i| i * 2, |v| taken.push(v));
            let expected: Vec<u32> = items.iter().map(|i| i * 2).collect();
            assert_eq!(taken, expected, "{count} values");
        }
    }

    #[test]
    fn a_deflater_used_again_deflates_as_a_new_one() {
        let values: Vec<Vec<u8>> = vec![
            Vec::new(),
            b"a".to_vec(),
            (0..70_000u32)
                .flat_map(|i| (i % 251).to_le_bytes())
                .collect(),
            b"/events/2026/kessel-run-open/decks/#deck-player-1".repeat(40),
            (0..3_000u32).map(|i| (i * 7919 % 256) as u8).collect(),
        ];
        // Twice over, so that each value is also deflated after a larger one.
        for bytes in values.iter().chain(&values) {
            assert_eq!(
                deflate(bytes),
                miniz_oxide::deflate::compress_to_vec(bytes, FASTEST)
            );
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
