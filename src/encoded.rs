//! Values kept in memory in postcard's encoding and decoded each time they are read. A build
//! keeps, for every event of the archive, the event itself and its share of the archive-wide
//! pages; decoded, their strings, lists and maps take five to ten times the bytes of their
//! encoding, which would make a build's memory grow with the archive by hundreds of kilobytes an
//! event. Decoding is cheap beside rendering a page from what was decoded.

use std::marker::PhantomData;

use serde::Serialize;
use serde::de::DeserializeOwned;

/// A `T`, encoded.
pub struct Encoded<T> {
    bytes: Box<[u8]>,
    of: PhantomData<fn() -> T>,
}

impl<T: Serialize + DeserializeOwned> Encoded<T> {
    /// `value`, encoded.
    pub fn new(value: &T) -> Self {
        let bytes = postcard::to_stdvec(value)
            .expect("a value of strings, numbers, lists and maps encodes")
            .into_boxed_slice();
        Encoded {
            bytes,
            of: PhantomData,
        }
    }

    /// The value, decoded.
    pub fn open(&self) -> T {
        postcard::from_bytes(&self.bytes).expect("a value encoded by this program decodes")
    }
}

impl<T> Clone for Encoded<T> {
    fn clone(&self) -> Self {
        Encoded {
            bytes: self.bytes.clone(),
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
        let encoded = Encoded::new(&value);
        assert_eq!(encoded.open(), value);
        assert_eq!(
            format!("{encoded:?}"),
            format!("{:?}", Encoded::new(&value.clone()))
        );
        let other: BTreeMap<String, Vec<Option<u32>>> = [("a".to_string(), vec![Some(2)])].into();
        assert_ne!(
            format!("{encoded:?}"),
            format!("{:?}", Encoded::new(&other))
        );
    }
}
