//! Swiss pairing in halves (ffg-2014): being written.
